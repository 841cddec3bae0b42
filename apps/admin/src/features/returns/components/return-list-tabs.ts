/** One saved view of the returns list: a name and the search it runs. */
export interface ReturnTab {
  value: string;
  label: string;
  /** The search in the URL's ?q=; "" for every return. */
  query: string;
}

/**
 * The list's tabs, each only a search (so it shows in the box and a URL with the same ?q= opens the
 * same tab). The search has no lists of values: "awaiting receipt" is two statuses joined by OR.
 */
export const RETURN_TABS: readonly ReturnTab[] = [
  { value: 'requested', label: 'Requested', query: 'status:requested' },
  {
    value: 'awaiting',
    label: 'Awaiting receipt',
    query: '(status:open OR status:partially_received)',
  },
  { value: 'to-settle', label: 'To settle', query: 'to_settle:true' },
  { value: 'all', label: 'All', query: '' },
];

const normalized = (query: string) => query.trim().replace(/\s+/g, ' ');

/** The tab whose search is the one in the URL, or null when the search is someone's own. */
export function returnTabOf(query: string): ReturnTab | null {
  const q = normalized(query);
  return RETURN_TABS.find((t) => t.query === q) ?? null;
}
