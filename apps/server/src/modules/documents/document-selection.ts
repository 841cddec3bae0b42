import { decodeId, decodeIdOf } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { orderIdsOfSearch, ordersThatExist } from '../orders/order-documents.service.js';
import type { PageLayout } from './pdf/pdf-document.js';

/**
 * Which orders a packing-slip or pick-list download is for (issue #33), read from its query string:
 * `orders=<id>,<id>…` (in that order), `query=<order search>` (oldest first), optionally with
 * `location=<id>`; or `fulfillment=<id>` (slips only). Every refusal is a 4xx in plain words.
 */

/** SPEC §10: documents print at most 250 orders a batch. */
export const MAX_DOCUMENT_ORDERS = 250;
const MAX_PARAM_LENGTH = 20_000;

export type Refusal = { status: 400 | 404 | 409 | 413; message: string };

export type Selection =
  | { kind: 'orders'; orderIds: string[]; locationId: string | null }
  | { kind: 'fulfillment'; fulfillmentId: string };

export interface DocumentOptions {
  selection: Selection;
  hidePrices: boolean | null;
  layout: PageLayout | null;
}

const LAYOUTS: readonly PageLayout[] = ['A4', 'LETTER', 'LABEL_4X6'];
const short = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/**
 * Reads and checks the parameters; the ids are checked to exist (404 naming the first that does
 * not) and a search is run (413 past 250 orders). `allowed` are the parameters this document takes.
 */
export async function readSelection(
  db: Executor,
  query: URLSearchParams,
  allowed: readonly ('orders' | 'query' | 'location' | 'fulfillment' | 'hidePrices' | 'layout')[],
): Promise<DocumentOptions | Refusal> {
  const seen = new Map<string, string>();
  for (const [key, value] of query) {
    if (!(allowed as readonly string[]).includes(key))
      return {
        status: 400,
        message: `Unknown parameter "${short(key)}"; this document takes ${allowed.join(', ')}.`,
      };
    if (seen.has(key)) return { status: 400, message: `Give ${key} once.` };
    if (value.length > MAX_PARAM_LENGTH) return { status: 400, message: `${key} is too long.` };
    seen.set(key, value);
  }
  let hidePrices: boolean | null = null;
  const hide = seen.get('hidePrices');
  if (hide !== undefined) {
    if (hide !== 'true' && hide !== 'false') return { status: 400, message: 'hidePrices is true or false.' };
    hidePrices = hide === 'true';
  }
  let layout: PageLayout | null = null;
  const asked = seen.get('layout');
  if (asked !== undefined) {
    if (!(LAYOUTS as readonly string[]).includes(asked))
      return { status: 400, message: `layout is one of ${LAYOUTS.join(', ')}.` };
    layout = asked as PageLayout;
  }

  const orders = seen.get('orders');
  const search = seen.get('query');
  const fulfillment = seen.get('fulfillment');
  const location = seen.get('location');
  const ways = [orders, search, fulfillment].filter((v) => v !== undefined).length;
  if (ways === 0)
    return {
      status: 400,
      message: allowed.includes('fulfillment')
        ? 'Choose what to print: orders=<ids>, query=<search> or fulfillment=<id>.'
        : 'Choose what to print: orders=<ids> or query=<search>.',
    };
  if (ways > 1)
    return { status: 400, message: 'Choose orders one way: orders, query or fulfillment, not several.' };

  if (fulfillment !== undefined) {
    if (location !== undefined)
      return { status: 400, message: 'A fulfillment ships from its own location; leave location out.' };
    const id = decodeIdOf('Fulfillment', fulfillment.trim());
    if (!id) return { status: 400, message: `"${short(fulfillment)}" is not a fulfillment id.` };
    return { selection: { kind: 'fulfillment', fulfillmentId: id }, hidePrices, layout };
  }

  let locationId: string | null = null;
  if (location !== undefined) {
    locationId = decodeIdOf('Location', location.trim());
    if (!locationId) return { status: 400, message: `"${short(location)}" is not a location id.` };
  }

  let orderIds: string[];
  if (orders !== undefined) {
    const parts = orders
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!parts.length) return { status: 400, message: 'Choose at least one order.' };
    const unique = [...new Set(parts)];
    if (unique.length > MAX_DOCUMENT_ORDERS)
      return {
        status: 413,
        message: `This selection has ${unique.length} orders; print at most ${MAX_DOCUMENT_ORDERS} at a time.`,
      };
    orderIds = [];
    for (const part of unique) {
      const id = decodeIdOf('Order', part);
      if (!id) {
        const other = decodeId(part);
        return {
          status: 400,
          message: other
            ? `"${short(part)}" is a ${other.type} id, not an order's.`
            : `"${short(part)}" is not an order id.`,
        };
      }
      orderIds.push(id);
    }
    const found = await ordersThatExist(db, orderIds);
    const missing = unique.find((_, i) => !found.has(orderIds[i]!));
    if (missing) return { status: 404, message: `There is no order ${short(missing)}.` };
    orderIds = [...new Set(orderIds)];
  } else {
    const matched = await orderIdsOfSearch(db, search ?? '', MAX_DOCUMENT_ORDERS);
    if ('error' in matched) return { status: 400, message: `The search is not valid: ${matched.error}` };
    if ('count' in matched)
      return {
        status: 413,
        message: `This selection has ${matched.more ? 'more than ' : ''}${matched.count.toLocaleString('en-US')} orders; print at most ${MAX_DOCUMENT_ORDERS} at a time.`,
      };
    if (!matched.ids.length) return { status: 409, message: 'No orders match this search.' };
    orderIds = matched.ids;
  }
  return { selection: { kind: 'orders', orderIds, locationId }, hidePrices, layout };
}

export type { DocumentDownload } from './documents.model.js';
