/**
 * The part of @canopy/web that runs in browsers as well as on the server: site definition,
 * routing, state, components and the browser entry. Bundlers pick this file for browser
 * builds (the `browser` export condition); `index.ts` adds the server-only API.
 */

// Content types, links and router hooks, so site code needs nothing but @canopy/web.
export type { DeliveryNode, EntrySys } from '@canopy/client';
export { Link, NavLink, useHref, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
export { hydrateSite } from './client/hydrate.js';
export { ConsentGate, type ConsentGateProps, ConsentPlaceholder } from './consent/ConsentGate.js';
export { CookiePreferencesButton } from './consent/CookiePreferencesButton.js';
export { applyConsent, type ConsentEffects } from './consent/consent-actions.js';
export {
  type ConsentCategory,
  type ConsentConfig,
  type ConsentCookieInfo,
  type ConsentServerSettings,
  consentServerSettings,
} from './consent/consent-config.js';
export {
  type ConsentCategoryText,
  type ConsentContent,
  consentContentOf,
  withCategoryTexts,
} from './consent/consent-content.js';
export { CONSENT_PATH, CONSENT_QUERY, CONSENT_QUERY_PANEL } from './consent/consent-paths.js';
export {
  CONSENT_CATEGORIES,
  CONSENT_MAX_AGE_SECONDS,
  type ConsentCategoryId,
  type ConsentRecord,
  consentCookie,
  DEFAULT_CONSENT_COOKIE,
  decodeConsent,
  encodeConsent,
  NO_CONSENT,
  readConsent,
} from './consent/consent-record.js';
export {
  type ConsentState,
  consentChanged,
  consentSlice,
  initialConsentState,
} from './consent/consent-slice.js';
export {
  acceptAll,
  type ConsentEvent,
  type ConsentOutcome,
  type ConsentUiState,
  declineAll,
  mustReload,
  nextConsent,
  popupVisible,
  toggleCategory,
} from './consent/consent-transitions.js';
export { CONSENT_POLL_MS, ConsentOverlays, type ConsentOverlaysProps } from './consent/lazy-overlays.js';
export { OUTBOUND_LINK_TIMEOUT_MS, outboundHref, trackThenNavigate } from './consent/outbound-links.js';
export { useConsentAllows } from './consent/use-consent.js';
export {
  type ComposerItem,
  type DateRange,
  type DateTimeString,
  type Entry,
  type EntryLinkTo,
  type GeoLocation,
  type Image,
  type LinkTo,
  type Quote,
  resolvedEntry,
  type TaxonomyTerm,
} from './content-types/entry-types.js';
export {
  contentTypeMapper,
  type EntryPageProps,
  type TypedContentTypeMapping,
} from './content-types/typed-mapping.js';
export { type ApiCall, ApiCallLog, parseSurrogateKeys } from './delivery/api-call-log.js';
export {
  createDeliveryAccess,
  type DeliveryAccess,
  type DeliveryAccessOptions,
} from './delivery/delivery-access.js';
export type { SharedAnswer, SharedAnswerStore } from './delivery/shared-answers.js';
export {
  confirmedValues,
  DEFAULT_MAX_LENGTH,
  defineEntryForm,
  type EntryFormCondition,
  type EntryFormDefinition,
  type EntryFormField,
  type EntryFormLinkField,
  type EntryFormNumberField,
  type EntryFormReading,
  type EntryFormTextField,
  entryFormAt,
  entryFormPaths,
  FORM_PROBLEM,
  linkedEntryProblem,
  readEntryForm,
} from './forms/entry-form.js';
export { useEntryFormFeedback } from './forms/use-entry-form.js';
export { usePageLanguage, useWords } from './i18n/use-words.js';
export { useWordsMessage } from './i18n/use-words-message.js';
export { formatWordsMessage, type WordsValues } from './i18n/words-message.js';
export {
  DEFAULT_IMAGE_WIDTHS,
  type ResponsiveImage,
  type ResponsiveImageOptions,
  type ResponsiveImageSource,
  responsiveImage,
} from './images/responsive-image.js';
export { defaultTitle, PageHead } from './render/PageHead.js';
export { SiteApp, type SiteAppProps } from './render/SiteApp.js';
export {
  ACCESS_DENIED_PATH,
  type AccessDecision,
  accessDeniedPath,
  accessRedirect,
  allowedGroupsOf,
  checkAccess,
  LOGIN_PATH,
  loginPath,
  matchUserGroup,
  type RequireLogin,
  requiresLogin,
  type UserGroup,
  type Visitor,
} from './routing/access.js';
export {
  type HostEnvironment,
  type HostEnvironmentKind,
  hostEnvironment,
} from './routing/host-environment.js';
export { Loading } from './routing/Loading.js';
export { type LazyComponent, lazyComponent, preloadComponent } from './routing/lazy-component.js';
export { DEFAULT_NAVIGATION_DEPTH, loadNavigation } from './routing/load-navigation.js';
export { findMapping, type LoadRouteOptions, loadRoute, type RouteOutcome } from './routing/load-route.js';
export { matchStaticRoute, type RouteMatch } from './routing/match-route.js';
export { NotFound } from './routing/NotFound.js';
export {
  deriveNodePath,
  type FetchNode,
  type NodePathInput,
  type NodePathMode,
  nodePathMode,
} from './routing/node-path.js';
export { notFoundHeading, routeStatusCode, statusText } from './routing/not-found.js';
export {
  DEFAULT_PREVIEW_LANGUAGE,
  PREVIEW_PATH,
  type PreviewRequest,
  parsePreviewPath,
} from './routing/preview.js';
export { RouteListener } from './routing/RouteListener.js';
export { RouteLoader } from './routing/RouteLoader.js';
export { DEFAULT_ENTRY_LINK_DEPTH } from './routing/route-data.js';
export { classifyRouteError, type RouteFailure } from './routing/route-errors.js';
export { sameSitePath } from './routing/same-site.js';
export {
  DEFAULT_TRAILING_SLASH_STATUS,
  type TrailingSlashRedirect,
  type TrailingSlashRedirectStatus,
  trailingSlashRedirect,
  trimTrailingSlash,
} from './routing/trailing-slash.js';
export {
  effectiveVersionStatus,
  isLocalHost,
  isPreviewHost,
  mayPreview,
  parseVersionStatus,
  resolveVersionStatus,
  type VersionStatus,
  type VersionStatusSources,
} from './routing/version-status.js';
export * from './search/highlight/index.js';
export * from './search/index.js';
export {
  type ResultsElsewhere,
  resultsElsewhere,
  selectResultsElsewhere,
} from './search/results-elsewhere.js';
export * from './search/suggestions/index.js';
export { entryImage, ogLocale, pageMeta } from './seo/page-meta.js';
export type {
  PageMeta,
  RobotsConfig,
  RobotsContext,
  RobotsRule,
  SeoConfig,
  SitemapConfig,
  SitemapUrl,
} from './seo/seo-config.js';
export { staticRoutesOf, VERSION_PAGE_PATH } from './site/routes.js';
export { SiteContext, useSite } from './site/site-context.js';
export {
  type ContentTypeMapping,
  defineSite,
  type EntryLoadOptions,
  type EntryMapper,
  type EntryMapperContext,
  type InjectedRedux,
  type LayoutProps,
  type NodeListOption,
  type NotFoundProps,
  type ReduxInjector,
  type RouteComponentProps,
  type RouteEvent,
  type RouteEventResult,
  type RouteEvents,
  type RouteLoaderContext,
  type SiteDefinition,
  type StaticRoute,
} from './site/site-definition.js';
export { useSiteDispatch, useSiteSelector, useSiteStore } from './state/hooks.js';
export {
  ASSET_ENTRY_MEMBERS,
  INLINE_NODE_MEMBERS,
  INLINE_SYS_MEMBERS,
  type InlineContentOptions,
} from './state/inline-content.js';
export {
  initialNavigationState,
  type NavigationState,
  navigationFailed,
  navigationLoaded,
  navigationSlice,
  UNKNOWN_ERROR_MESSAGE,
} from './state/navigation-slice.js';
export {
  apiCallsRecorded,
  initialRoutingState,
  type LanguageLink,
  type LanguageVersions,
  type RouteError,
  type RouteLoadedPayload,
  type RouteNode,
  type RouteRedirect,
  type RoutingLocation,
  type RoutingState,
  routeAccessRequired,
  routeFailed,
  routeLoaded,
  routeNotFound,
  routeRequested,
  routingSlice,
  type StaticRouteState,
} from './state/routing-slice.js';
export * from './state/selectors.js';
export { STATE_GLOBAL, serializeForScript, stateScript } from './state/serialize.js';
export { consoleLogger, type SiteLogger, type SiteServices } from './state/services.js';
export { type CreateSiteStoreOptions, createSiteStore, type SiteStore } from './state/store.js';
export type { SiteDispatch, SiteState, SiteThunk } from './state/store-types.js';
export {
  initialVersionState,
  type VersionState,
  versionInfoLoaded,
  versionSlice,
} from './state/version-slice.js';
export { isAccountFlowBusy } from './user/account-flow-busy.js';
export { ACCOUNT_MESSAGES } from './user/account-messages.js';
export { ACCOUNT_PATHS } from './user/account-paths.js';
export { CSRF_FIELD, CSRF_META_NAME, CsrfField, useCsrfToken } from './user/csrf.js';
export { clearOidcKeys, OIDC_KEY_PREFIX } from './user/oidc-keys.js';
export {
  afterSignInTarget,
  type RedirectQuery,
  returnUrlPath,
  safeRedirectTarget,
} from './user/redirect-target.js';
export {
  PAGE_NAME_PATH,
  type RequestedPage,
  requestedPagePath,
  staticRouteTitle,
} from './user/requested-page.js';
export { loadRequestedPage } from './user/requested-page-loader.js';
export {
  type AccountFeedback,
  anonymousSession,
  type GetSession,
  type Session,
  type SessionRequest,
  type SessionUser,
  userStateFromSession,
} from './user/session.js';
export { useAccountForm } from './user/use-account-form.js';
export {
  displayName,
  environmentsOf,
  groupsOf,
  isStaffEmail,
  MAX_USER_GROUPS,
  type PlatformUserLike,
  type StaffEnvironment,
  type UserProfile,
  userProfile,
} from './user/user-profile.js';
export {
  type AccountForm,
  type AccountOutcome,
  type AccountPageFacts,
  type AuthenticationState,
  accountFlowReset,
  accountFlowStarted,
  type FormFeedback,
  initialUserState,
  type RegistrationState,
  requestedPageNamed,
  type SendingState,
  type UserState,
  userSignedOut,
  userSlice,
  userStateFor,
} from './user/user-slice.js';
export { loadVersionInfo } from './version/load-version-info.js';
export { VersionPage } from './version/VersionPage.js';
export {
  buildVersionInfo,
  commitLink,
  type DeliveryApiSettings,
  isGreen,
  type VersionInfo,
  type VersionInfoInput,
  type VersionServers,
} from './version/version-info.js';
