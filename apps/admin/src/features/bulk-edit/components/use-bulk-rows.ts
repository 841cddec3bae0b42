import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import {
  bulkEditLocationsDocument,
  bulkEditProductsByIdDocument,
  bulkEditProductsDocument,
  bulkEditVariantsDocument,
} from '../api/bulk-edit-queries';
import type { BulkEditProductsQuery, BulkEditVariantsQuery } from '../../../gql/graphql';
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
  | { status: 'loading'; variants: number; total: number | null }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      rows: VariantRow[];
      locations: Location[];
      currency: string;
      /** More variants match than the grid holds. */
      truncated: boolean;
    };

interface ProductHead {
  id: string;
  title: string;
  variantCount: number;
}

/** Products a variants request names at most (a search has at most 50 words and 1,000 characters). */
const PRODUCTS_PER_REQUEST = 18;
/** What one request may cost (the server refuses over 5,000; SPEC §9). */
const COST_BUDGET = 4_800;

/** Variants a page asks for: a variant costs itself, three prices, its product and 2 a location. */
export function variantsPerPage(allLocations: number): number {
  return Math.max(10, Math.min(250, Math.floor(COST_BUDGET / (5 + 2 * allLocations))));
}

/**
 * Loads every variant of the products the search finds (or of the chosen products), up to
 * MAX_VARIANTS: first which products and how many variants each has, then their variants a page
 * at a time. Nothing goes into Apollo's cache: 10,000 variants there would slow every later screen,
 * and the grid keeps its own rows. The route mounts it afresh (a `key`) for another target.
 */
export function useBulkRows(target: BulkTarget) {
  const client = useApolloClient();
  const [state, setState] = useState<LoadState>({ status: 'loading', variants: 0, total: null });
  const [attempt, setAttempt] = useState(0);
  const targetKey = JSON.stringify(target);

  useEffect(() => {
    let cancelled = false;
    const parsed = JSON.parse(targetKey) as BulkTarget;
    const heads = async (): Promise<{ products: ProductHead[]; truncated: boolean }> => {
      const products: ProductHead[] = [];
      let variants = 0;
      const full = () => variants >= MAX_VARIANTS;
      const add = (list: readonly ProductHead[]) => {
        for (const p of list) {
          if (full()) return;
          products.push(p);
          variants += p.variantCount;
        }
      };
      if ('ids' in parsed) {
        for (let i = 0; i < parsed.ids.length && !full(); i += IDS_PER_REQUEST) {
          const { data } = await client.query({
            query: bulkEditProductsByIdDocument,
            variables: { ids: parsed.ids.slice(i, i + IDS_PER_REQUEST) },
            fetchPolicy: 'no-cache',
          });
          const list: ProductHead[] = [];
          for (const node of data?.nodes ?? []) if (node?.__typename === 'Product') list.push(node);
          add(list);
        }
        return { products, truncated: full() && products.length < parsed.ids.length };
      }
      let after: string | null = null;
      for (;;) {
        const result: { data?: BulkEditProductsQuery | undefined } = await client.query({
          query: bulkEditProductsDocument,
          variables: { query: parsed.query || null, after },
          fetchPolicy: 'no-cache',
        });
        const page = result.data?.products;
        if (!page) throw new Error('The products did not load.');
        if (page.userErrors.length) throw new Error(page.userErrors.map((e) => e.message).join(' '));
        add(page.nodes);
        if (cancelled) return { products, truncated: false };
        if (full())
          return { products, truncated: page.pageInfo.hasNextPage || products.length < page.nodes.length };
        if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return { products, truncated: false };
        after = page.pageInfo.endCursor;
      }
    };
    void (async () => {
      try {
        const { data: locationData } = await client.query({
          query: bulkEditLocationsDocument,
          fetchPolicy: 'no-cache',
        });
        const allLocations = locationData?.locations ?? [];
        const locations = allLocations.filter((l) => l.active).map(({ id, name }) => ({ id, name }));
        const locationIds = locations.map((l) => l.id);
        const { products, truncated: manyProducts } = await heads();
        if (cancelled) return;
        const total = Math.min(
          MAX_VARIANTS,
          products.reduce((sum, p) => sum + p.variantCount, 0),
        );
        const titles = new Map(products.map((p) => [p.id, p]));
        const perPage = variantsPerPage(allLocations.length);
        const rows: VariantRow[] = [];
        let currency = '';
        const loadBatch = async (batch: readonly ProductHead[]) => {
          const query = batch.map((p) => `product_id:${p.id}`).join(' OR ');
          let after: string | null = null;
          for (;;) {
            const result: { data?: BulkEditVariantsQuery | undefined } = await client.query({
              query: bulkEditVariantsDocument,
              variables: { query, first: perPage, after },
              fetchPolicy: 'no-cache',
            });
            const page = result.data?.productVariants;
            if (!page) throw new Error('The variants did not load.');
            if (page.userErrors.length) throw new Error(page.userErrors.map((e) => e.message).join(' '));
            for (const variant of page.nodes) {
              if (rows.length >= MAX_VARIANTS) return;
              const product = titles.get(variant.product.id);
              if (!product) continue;
              currency ||= variant.price.currencyCode;
              rows.push(rowOf(product, variant, locationIds));
            }
            if (cancelled) return;
            setState({ status: 'loading', variants: rows.length, total });
            if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
            after = page.pageInfo.endCursor;
          }
        };
        let batch: ProductHead[] = [];
        let batchVariants = 0;
        for (const product of products) {
          if (rows.length >= MAX_VARIANTS || cancelled) break;
          if (
            batch.length > 0 &&
            (batch.length >= PRODUCTS_PER_REQUEST || batchVariants + product.variantCount > perPage)
          ) {
            await loadBatch(batch);
            batch = [];
            batchVariants = 0;
          }
          batch.push(product);
          batchVariants += product.variantCount;
        }
        if (batch.length > 0 && rows.length < MAX_VARIANTS && !cancelled) await loadBatch(batch);
        if (!cancelled) {
          const truncated =
            manyProducts ||
            (rows.length >= MAX_VARIANTS && products.reduce((s, p) => s + p.variantCount, 0) > MAX_VARIANTS);
          setState({ status: 'ready', rows, locations, currency, truncated });
        }
      } catch (error) {
        if (!cancelled) setState({ status: 'error', message: describeError(error).message });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client, targetKey, attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading', variants: 0, total: null });
    setAttempt((n) => n + 1);
  }, []);
  return { state, reload };
}
