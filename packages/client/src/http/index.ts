/** The HTTP layer shared by every API client. */
export { ApiError, type ResponseContext } from './api-error.js';
export { isBrowser, isOldInternetExplorer } from './environment.js';
export {
  type AuthorizeFn,
  DEFAULT_TIMEOUT_MS,
  HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type RequestOptions,
  type ResponseHandler,
  type ResponseHandlers,
} from './http-client.js';
export { HttpMessages } from './messages.js';
export { RequestError, type RequestErrorCode } from './request-error.js';
export { encodePath, encodeSegment, type QueryValue, queryString, trimRootUrl } from './url.js';
