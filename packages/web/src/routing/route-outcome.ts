/** How a route load ended. */
export type RouteOutcome =
  | { kind: 'loaded'; status: 200; preventScrollTop: boolean }
  | { kind: 'notFound'; status: 404; hadEntry: boolean; preventScrollTop: boolean }
  | { kind: 'error'; status: number; preventScrollTop: boolean }
  | { kind: 'redirect'; status: 401 | 403; location: string }
  | { kind: 'superseded' };
