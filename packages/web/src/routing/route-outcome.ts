/** How a route load ended. */
export type RouteOutcome =
  | { kind: 'loaded'; status: 200; preventScrollTop: boolean }
  | { kind: 'notFound'; status: 404; hadEntry: boolean; preventScrollTop: boolean }
  | { kind: 'error'; status: number; preventScrollTop: boolean }
  /** 401/403: to sign in or access denied; 301: a static route's address in the page's language. */
  | { kind: 'redirect'; status: 301 | 401 | 403; location: string }
  | { kind: 'superseded' };
