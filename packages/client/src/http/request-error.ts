import { HttpMessages } from './messages.js';

/** Why a request got no response. */
export type RequestErrorCode = 'network' | 'timeout' | 'aborted';

const messages: Record<RequestErrorCode, string> = {
  network: HttpMessages.networkFailed,
  timeout: HttpMessages.timedOut,
  aborted: HttpMessages.aborted,
};

/**
 * A request that never got a response: the network failed ('Network request failed'), the
 * configured timeout passed ('Network request timed out') or the caller aborted it ('Aborted').
 * The underlying error, when there is one, is in `cause`.
 *
 * @example
 * catch (error) {
 *   if (error instanceof RequestError && error.code === 'timeout') retryLater();
 * }
 */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly code: RequestErrorCode;
  /** The URL that was requested. */
  readonly url: string;

  constructor(code: RequestErrorCode, url: string, cause?: unknown) {
    super(messages[code], cause === undefined ? undefined : { cause });
    this.code = code;
    this.url = url;
  }
}
