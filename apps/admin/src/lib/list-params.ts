import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** SPEC §9: lists load 50 rows at a time. */
export const PAGE_SIZE = 50;

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
   * Changes parameters (null removes one). Any change but a cursor one goes back to the first page,
   * since a cursor belongs to the search and order it was made for.
   */
  update: (changes: Record<string, string | null>) => void;
}

const CURSORS = ['after', 'before'];

/** The state of a list screen, kept in the URL (SPEC §2) so reloading or sharing shows the same. */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (!Object.keys(changes).every((key) => CURSORS.includes(key))) {
          for (const key of CURSORS) next.delete(key);
        }
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      });
    },
    [setParams],
  );
  return useMemo(() => {
    const dir = params.get('dir');
    return {
      q: params.get('q') ?? '',
      sort: params.get('sort'),
      dir: dir === 'asc' || dir === 'desc' ? dir : null,
      after: params.get('after'),
      before: params.get('before'),
      get: (name: string) => params.get(name),
      update,
    };
  }, [params, update]);
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

/** The search with `term` added, or taken out when it is already there (quick filter chips). */
export function toggleSearchTerm(query: string, term: string): string {
  const words = query.split(/\s+/).filter(Boolean);
  const has = words.some((word) => word.toLowerCase() === term.toLowerCase());
  const next = has ? words.filter((word) => word.toLowerCase() !== term.toLowerCase()) : [...words, term];
  return next.join(' ');
}

/** Whether the search has `term` as one of its words. */
export function hasSearchTerm(query: string, term: string): boolean {
  return query.split(/\s+/).some((word) => word.toLowerCase() === term.toLowerCase());
}

/** The search with every `field:…` term removed, then `field:value` added when value is given. */
export function setSearchField(query: string, field: string, value: string | null): string {
  // Values may be quoted ("Main warehouse"), so a term runs to the closing quote.
  const pattern = new RegExp(`(^|\\s)-?${field}:("[^"]*"|\\S*)`, 'gi');
  const rest = query.replace(pattern, ' ').split(/\s+/).filter(Boolean);
  if (value) rest.push(`${field}:${/[\s"]/.test(value) ? `"${value.replace(/"/g, '')}"` : value}`);
  return rest.join(' ');
}

/** The value of the first `field:…` term of the search, unquoted, or null. */
export function searchFieldValue(query: string, field: string): string | null {
  const match = new RegExp(`(?:^|\\s)${field}:("([^"]*)"|(\\S+))`, 'i').exec(query);
  if (!match) return null;
  return match[2] ?? match[3] ?? null;
}
