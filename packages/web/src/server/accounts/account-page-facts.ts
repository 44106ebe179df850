import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_DENIED_PATH } from '../../routing/access.js';
import { splitUrl } from '../../routing/trailing-slash.js';
import { ACCOUNT_MESSAGES } from '../../user/account-messages.js';
import { ACCOUNT_PATHS } from '../../user/account-paths.js';
import { PAGE_NAME_PATH, type RequestedPage, requestedPagePath } from '../../user/requested-page.js';
import type { AccountFeedback } from '../../user/session.js';
import type { PageNames } from './page-names.js';

/** Longer tokens are no tokens the platform issued (it refuses them too). */
const MAX_TOKEN_LENGTH = 200;

/**
 * What a page learns on the server before it renders, besides the session: whether the host
 * offers federated sign-in, the page a sign-in or access-denied page is about (named by its
 * title) and, for a reset link that cannot be used any more, the feedback that says so.
 */
export interface AccountPageFacts {
  federatedSignIn: boolean;
  requestedPage: RequestedPage | null;
  /** Feedback to show instead of the session's (a dead reset link); `null` keeps the session's. */
  feedback: AccountFeedback | null;
}

/** What {@link createAccountPageFacts} needs. */
export interface AccountPageFactsOptions {
  pageNames: PageNames;
  /** Whether a reset link's token still works (see `PlatformAccounts.resetLinkIsLive`). */
  resetLinkIsLive: (token: string) => Promise<boolean>;
  /** Whether the request's host offers federated sign-in (its configuration). */
  federatedSignIn: (request: FastifyRequest) => boolean;
  /** The site's language prefixes (`{ cy: '/cy' }`): `/cy/account/login` is the sign-in page too. */
  languagePaths?: Readonly<Record<string, string>>;
}

/** Finds a page's {@link AccountPageFacts}; `url` is its path and query, `feedback` the session's. */
export type AccountPageFactsReader = (
  request: FastifyRequest,
  url: string,
  feedback: AccountFeedback | null,
) => Promise<AccountPageFacts>;

/**
 * The server's side of the account pages' facts (see {@link AccountPageFacts}). Only the
 * sign-in and access-denied pages cost a lookup (one per path and minute, see `PageNames`);
 * every other page gets the host's federated sign-in flag only.
 *
 * @example
 * const facts = await readFacts(request, '/account/login?redirect_uri=%2Fmembers', null);
 * facts.requestedPage; // { path: '/members', title: 'Members area' }
 */
export function createAccountPageFacts(options: AccountPageFactsOptions): AccountPageFactsReader {
  const bases = Object.values(options.languagePaths ?? {});
  return async (request, url, feedback) => {
    const { pathname: address, rest } = splitUrl(url);
    // The account pages' own path, without the language prefix of a page in another language.
    const base = bases.find((prefix) => address.startsWith(`${prefix}/`));
    const pathname = base ? address.slice(base.length) : address;
    const search = rest.split('#')[0] ?? '';
    const path = requestedPagePath(pathname, search);
    const requestedPage = path ? { path, title: await titleIn(options, path) } : null;
    const federatedSignIn = options.federatedSignIn(request);
    // A reset link opened afresh (no outcome of a submission to show): a used or expired one
    // says so at once, before the visitor types a new password.
    if (pathname === ACCOUNT_PATHS.resetPasswordPage && !feedback) {
      const dead = await deadResetLink(options, request, new URLSearchParams(search).get('token'));
      if (dead) return { federatedSignIn, requestedPage, feedback: dead };
    }
    return { federatedSignIn, requestedPage, feedback };
  };
}

/**
 * The title of a requested path: a path under a language prefix (`/cy/aelodau`) names the page
 * at the rest of it in that language's tree, in that language.
 */
function titleIn(
  options: Pick<AccountPageFactsOptions, 'pageNames' | 'languagePaths'>,
  path: string,
): Promise<string | null> {
  for (const [language, base] of Object.entries(options.languagePaths ?? {})) {
    if (path === base) return options.pageNames.titleOf('/', language);
    if (path.startsWith(`${base}/`)) return options.pageNames.titleOf(path.slice(base.length), language);
  }
  return options.pageNames.titleOf(path);
}

/** The feedback of a reset link that cannot be used, or `null` (live, absent, or unknown). */
async function deadResetLink(
  options: AccountPageFactsOptions,
  request: FastifyRequest,
  token: string | null,
): Promise<AccountFeedback | null> {
  if (!token) return null;
  let live: boolean;
  try {
    live = token.length <= MAX_TOKEN_LENGTH && (await options.resetLinkIsLive(token));
  } catch (error) {
    // Not known now: the form is shown, and sending it tells.
    request.log.warn({ error: (error as Error).message }, 'Checking a password reset link failed');
    return null;
  }
  return live
    ? null
    : {
        outcome: { flow: 'resetPassword', ok: false, error: ACCOUNT_MESSAGES.resetLinkInvalid },
        form: null,
      };
}

/**
 * `GET /account/page-name?path=/members`: `{ path, title }` for the browser, which names the
 * requested page itself when it navigates to a sign-in or access-denied page without a server
 * render. Answers the title of published pages only (see `PageNames`), never cached; a path
 * under a language prefix in that language (`languagePaths`).
 */
export function registerPageNameRoute(
  app: FastifyInstance,
  pageNames: PageNames,
  languagePaths: Readonly<Record<string, string>> = {},
): void {
  app.get(PAGE_NAME_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = (request.query as Record<string, unknown> | undefined)?.path;
    // The same checks a sign-in page's return address gets: only a path of this site is named.
    const path =
      typeof raw === 'string'
        ? requestedPagePath(ACCESS_DENIED_PATH, `?${new URLSearchParams({ original_uri: raw })}`)
        : null;
    reply.header('cache-control', 'no-store');
    if (!path)
      return reply.code(400).send({ message: 'path must be a path of this site', path: null, title: null });
    return reply.send({ path, title: await titleIn({ pageNames, languagePaths }, path) });
  });
}

/**
 * The feedback a page is rendered with: the outcome to show (the session's, or a dead reset
 * link's) carrying the page's facts (`AccountFeedback.page`), which the user state reads.
 *
 * @example
 * renderer.render({ …, account: { csrfToken, feedback: feedbackWithFacts(facts, sessionFeedback) } });
 */
export function feedbackWithFacts(
  facts: AccountPageFacts | null | undefined,
  feedback: AccountFeedback | null,
): AccountFeedback | null {
  if (!facts) return feedback;
  const shown = facts.feedback;
  return {
    outcome: shown?.outcome ?? null,
    form: shown?.form ?? null,
    page: { federatedSignIn: facts.federatedSignIn, requestedPage: facts.requestedPage },
  };
}
