/** Wait after the last keystroke before suggestions are asked for: short, so they keep up with typing. */
export const SUGGESTION_DEBOUNCE_MS = 120;

/** Options of {@link createSuggestionRequests}. */
export interface SuggestionRequestOptions<T> {
  /** Loads the answer for a term; must stop when `signal` aborts. */
  load(term: string, signal: AbortSignal): Promise<T>;
  /** The answer for the latest term (never for one a later keystroke replaced). */
  onAnswer(term: string, answer: T): void;
  /** The load for the latest term failed (an abort is not a failure). */
  onError(term: string, error: unknown): void;
  /** Wait before loading (default {@link SUGGESTION_DEBOUNCE_MS}). */
  delayMs?: number;
  /** Timer functions (tests may pass their own). */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** The requests of one search box: the latest term only. */
export interface SuggestionRequests {
  /** Asks for a term's suggestions after the wait, cancelling the wait and the request of the previous one. */
  request(term: string): void;
  /** Cancels the waiting and running request (the box closed, cleared or went away). */
  cancel(): void;
}

/**
 * Suggestion requests that follow typing: each keystroke cancels the previous one's wait and,
 * with an `AbortController`, its request on the wire, so only the latest term is ever loaded
 * and answered, and a slow answer to an older term can never replace a newer one.
 *
 * @example
 * const requests = createSuggestionRequests({
 *   load: (term, signal) => client.entries.search(buildSuggestionQuery(params, term, call), 0, { signal }),
 *   onAnswer: (term, answer) => dispatch({ type: 'answered', term, groups: groupSuggestions(answer.items, options) }),
 *   onError: (term) => dispatch({ type: 'failed', term }),
 * });
 * input.addEventListener('input', () => requests.request(input.value.trim()));
 */
export function createSuggestionRequests<T>(options: SuggestionRequestOptions<T>): SuggestionRequests {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const delay = options.delayMs ?? SUGGESTION_DEBOUNCE_MS;
  let timer: unknown = null;
  let controller: AbortController | null = null;

  const cancel = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    controller?.abort();
    controller = null;
  };

  return {
    request(term) {
      cancel();
      timer = setTimer(() => {
        timer = null;
        const own = new AbortController();
        controller = own;
        let loading: Promise<T>;
        try {
          loading = options.load(term, own.signal);
        } catch (error) {
          loading = Promise.reject(error);
        }
        loading.then(
          (answer) => {
            if (own.signal.aborted) return;
            controller = null;
            options.onAnswer(term, answer);
          },
          (error: unknown) => {
            if (own.signal.aborted) return;
            controller = null;
            options.onError(term, error);
          },
        );
      }, delay);
    },
    cancel,
  };
}
