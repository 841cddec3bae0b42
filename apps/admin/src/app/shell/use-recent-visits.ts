import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { recordKind, rememberRecent } from '../../lib/recent-records';

/** How long a record screen gets to load and name itself in the title before it is remembered. */
const SETTLE_MS = 1500;

/**
 * Remembers each record (order, product, customer…) the person opens, by its address and the
 * name its screen gives the page title, for the palette's "Recently opened".
 */
export function useRecentVisits() {
  const { pathname } = useLocation();
  useEffect(() => {
    const kind = recordKind(pathname);
    if (!kind) return;
    const timer = window.setTimeout(() => {
      const label = document.title.split(' · ')[0]?.trim();
      if (label && label !== 'Stockroom' && label !== kind) rememberRecent({ path: pathname, label, kind });
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}
