// A list's state in its URL as plain functions and types: no React, so the page's first script
// (src/early.ts) can work out a list's first request before the app's code has loaded.

/** SPEC §9: lists load 50 rows at a time. */
export const PAGE_SIZE = 50;

export interface ListUpdateOptions {
  /** Replace the current history entry instead of adding one (a search still being typed). */
  replace?: boolean;
}

export interface ListParams {
  /** The search (SPEC §7.4), "" when none. */
  q: string;
  sort: string | null;
  dir: 'asc' | 'desc' | null;
  after: string | null;
  before: string | null;
  /** Any other parameter of the list, by name. */
  get: (name: string) => string | null;
  /**
   * Changes parameters (null removes one), on top of every change asked for before, even one the
   * screen has not shown yet. Any change but a cursor one goes back to the first page, in the same
   * URL update, since a cursor belongs to the search and order it was made for; for the same
   * reason a cursor change is dropped when the search or order has changed since this screen was
   * drawn (its rows, and so its cursors, are of the old one).
   */
  update: (changes: Record<string, string | null>, options?: ListUpdateOptions) => void;
}

/** A list's state read from its URL's search parameters (the screen's, or a route loader's). */
export function listParamsOf(params: URLSearchParams): Omit<ListParams, 'update'> {
  const dir = params.get('dir');
  return {
    q: params.get('q') ?? '',
    sort: params.get('sort'),
    dir: dir === 'asc' || dir === 'desc' ? dir : null,
    after: params.get('after'),
    before: params.get('before'),
    get: (name: string) => params.get(name),
  };
}

/** `first/after` or `last/before` for a connection, from the cursors in the URL. */
export function pageVariables(
  params: Pick<ListParams, 'after' | 'before'>,
  size: number = PAGE_SIZE,
): { first?: number; after?: string; last?: number; before?: string } {
  if (params.before) return { last: size, before: params.before };
  if (params.after) return { first: size, after: params.after };
  return { first: size };
}
