import { useSubscription } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { trailingThrottle, type TrailingThrottle } from '../../../lib/trailing-throttle';
import { storeChangedDocument } from '../api/home-live-subscription';

/** At most one refetch of Home every this often, however many orders and stock changes stream in. */
export const HOME_REFRESH_MS = 2000;

/**
 * Home's work queue moves live (issue #28 §3): each change to orders, products or stock the person
 * may read schedules a refetch of what Home shows, throttled (trailing) so a busy store makes one
 * refetch every HOME_REFRESH_MS, not one per event.
 */
export function useLiveHome(refetch: () => Promise<unknown>, enabled: boolean) {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  const throttle = useRef<TrailingThrottle | null>(null);
  useEffect(() => {
    const made = trailingThrottle(() => latest.current(), HOME_REFRESH_MS);
    throttle.current = made;
    return () => made.cancel();
  }, []);
  const seen = useRef(new Set<string>());
  useSubscription(storeChangedDocument, {
    skip: !enabled,
    onData: ({ data }) => {
      const event = data.data?.storeChanged;
      // The same event may arrive twice (at least once).
      if (!event || seen.current.has(event.eventId)) return;
      seen.current.add(event.eventId);
      throttle.current?.schedule();
    },
  });
}
