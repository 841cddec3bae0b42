import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { listParamsOf, type ListParams, type ListUpdateOptions } from './list-params-of';

export {
  PAGE_SIZE,
  listParamsOf,
  pageVariables,
  type ListParams,
  type ListUpdateOptions,
} from './list-params-of';

const CURSORS = ['after', 'before'];

/** The list's state without its page: what a cursor was made for. */
function stateKey(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of CURSORS) params.delete(key);
  params.sort();
  return params.toString();
}

/** `search` with `changes` applied (see ListParams.update). */
function applyChanges(search: string, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  if (!Object.keys(changes).every((key) => CURSORS.includes(key))) {
    for (const key of CURSORS) next.delete(key);
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next.toString();
}

/**
 * The state of a list screen, kept in the URL (SPEC §2) so reloading or sharing shows the same.
 *
 * Updates build on the last URL asked for, not on the one rendered: the router draws a navigation
 * a moment later, and two quick changes (a new sort, then Next) must not have the second undo the
 * first.
 */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  /** URLs asked for and not yet rendered, oldest first; the last is where the list is going. */
  const asked = useRef<string[]>([]);
  // A rendered URL that is one we asked for retires it and those before; any other (Back, a link)
  // starts afresh from what is shown.
  useEffect(() => {
    const at = asked.current.indexOf(rendered);
    asked.current = at === -1 ? [] : asked.current.slice(at + 1);
  }, [rendered]);

  const update = useCallback(
    (changes: Record<string, string | null>, options?: ListUpdateOptions) => {
      const latest = asked.current.at(-1) ?? rendered;
      const cursorOnly = Object.keys(changes).every((key) => CURSORS.includes(key));
      // Next/Previous on rows drawn for another search or order: their cursor means nothing now.
      if (cursorOnly && stateKey(latest) !== stateKey(rendered)) return;
      const next = applyChanges(latest, changes);
      if (next === latest) return;
      asked.current = [...asked.current, next];
      setParams(new URLSearchParams(next), { replace: options?.replace });
    },
    [rendered, setParams],
  );
  return useMemo(() => ({ ...listParamsOf(params), update }), [params, update]);
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
