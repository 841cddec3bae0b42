import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { formatDateTime } from './format';
import { shopNameDocument } from './shell-api/shop-name-query';

/**
 * `formatDateTime` in the store's time zone. The zone comes with the store name the header already
 * asks for, so this reads it from the cache; until it is there, dates show in the browser's zone.
 */
export function useFormatDateTime(): (iso: string) => string {
  const zone = useQuery(shopNameDocument).data?.shop.timezone ?? null;
  return useCallback((iso: string) => formatDateTime(iso, zone), [zone]);
}
