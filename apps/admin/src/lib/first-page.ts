/**
 * A list's first page, the one request the list's screen starts with, asked for before the screen
 * renders: by the page's first script on a cold load (src/early.ts, through lib/early-requests.ts)
 * and by the route's loader on every visit (lib/prefetch.ts `firstPageLoader`), which takes the
 * early answer when there is one; the screen then reads the loader's answer (`claimFetchPolicy`).
 * Each list defines its first page once, so all of them ask with the variables the screen asks with.
 * Plain (no React, no Apollo): the page's first script imports it.
 */
export interface FirstPage<V extends Record<string, unknown>> {
  /** The list's path, e.g. `/products`. */
  path: string;
  /** Its query's operation name, by which an early answer is matched to the app's request. */
  operationName: string;
  /** The query's variables for the list state in a URL's search parameters. */
  variablesOf: (search: URLSearchParams) => V;
}

export interface FirstPageRequest<V> {
  operationName: string;
  variables: V;
}

/** The request for `page`'s first page at `url`, or null when `url` is not the list's. */
export function firstPageRequest<V extends Record<string, unknown>>(
  page: FirstPage<V>,
  url: Pick<URL, 'pathname' | 'search'>,
): FirstPageRequest<V> | null {
  if (url.pathname.replace(/\/$/, '') !== page.path) return null;
  return { operationName: page.operationName, variables: page.variablesOf(new URLSearchParams(url.search)) };
}
