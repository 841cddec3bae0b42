import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import {
  bulkEditLocationsDocument,
  bulkEditProductsByIdDocument,
  bulkEditProductsDocument,
} from '../api/bulk-edit-queries';
import type { BulkEditProductsQuery, BulkVariantFieldsFragment } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import type { VariantRow } from './change-model';
import { rowOf } from './rows-of';

/** The most variants the grid holds; a search that finds more loads the first ones and says so. */
export const MAX_VARIANTS = 10_000;
const IDS_PER_REQUEST = 250;

export interface Location {
  id: string;
  name: string;
}

/** What the grid edits: the search's products, or the list's selection. */
export type BulkTarget = { ids: string[] } | { query: string };

export type LoadState =
  | { status: 'loading'; variants: number; products: number; totalProducts: number | null }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      rows: VariantRow[];
      locations: Location[];
      currency: string;
      /** More variants match than the grid holds. */
      truncated: boolean;
    };

type ProductWithVariants = { id: string; title: string; variants: BulkVariantFieldsFragment[] };

/**
 * Loads every variant of the products the search finds (or of the chosen products), page after
 * page of 250 products, up to MAX_VARIANTS. Nothing goes into Apollo's cache: 10,000 variants there
 * would slow every later screen, and the grid keeps its own rows.
 */
export function useBulkRows(target: BulkTarget) {
  const client = useApolloClient();
  const [state, setState] = useState<LoadState>({
    status: 'loading',
    variants: 0,
    products: 0,
    totalProducts: null,
  });
  const [attempt, setAttempt] = useState(0);
  const targetKey = JSON.stringify(target);

  useEffect(() => {
    let cancelled = false;
    const parsed = JSON.parse(targetKey) as BulkTarget;
    setState({ status: 'loading', variants: 0, products: 0, totalProducts: null });
    void (async () => {
      try {
        const { data: locationData } = await client.query({
          query: bulkEditLocationsDocument,
          fetchPolicy: 'no-cache',
        });
        const locations = locationData?.locations ?? [];
        const locationIds = locations.map((l) => l.id);
        const rows: VariantRow[] = [];
        let currency = '';
        let truncated = false;
        let productCount = 0;
        const take = (products: readonly ProductWithVariants[]) => {
          for (const product of products) {
            productCount += 1;
            for (const variant of product.variants) {
              if (rows.length >= MAX_VARIANTS) {
                truncated = true;
                return;
              }
              currency ||= variant.price.currencyCode;
              rows.push(rowOf(product, variant, locationIds));
            }
          }
        };
        const progress = (totalProducts: number | null) => {
          if (!cancelled)
            setState({ status: 'loading', variants: rows.length, products: productCount, totalProducts });
        };
        if ('ids' in parsed) {
          for (let i = 0; i < parsed.ids.length && !truncated; i += IDS_PER_REQUEST) {
            const { data } = await client.query({
              query: bulkEditProductsByIdDocument,
              variables: { ids: parsed.ids.slice(i, i + IDS_PER_REQUEST) },
              fetchPolicy: 'no-cache',
            });
            const products: ProductWithVariants[] = [];
            for (const node of data?.nodes ?? []) if (node?.__typename === 'Product') products.push(node);
            take(products);
            if (cancelled) return;
            progress(parsed.ids.length);
          }
        } else {
          let after: string | null = null;
          for (;;) {
            const result: { data?: BulkEditProductsQuery | undefined } = await client.query({
              query: bulkEditProductsDocument,
              variables: { query: parsed.query || null, after },
              fetchPolicy: 'no-cache',
            });
            if (cancelled) return;
            const page = result.data?.products;
            if (!page) throw new Error('The products did not load.');
            if (page.userErrors.length) throw new Error(page.userErrors.map((e) => e.message).join(' '));
            take(page.nodes);
            progress(page.count.value);
            if (truncated || !page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
            after = page.pageInfo.endCursor;
          }
        }
        if (!cancelled) setState({ status: 'ready', rows, locations, currency, truncated });
      } catch (error) {
        if (!cancelled) setState({ status: 'error', message: describeError(error).message });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client, targetKey, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
