import type { Executor } from '../../db/database.js';
import type { Viewer } from '../../actor.js';
import { storeSettings } from '../settings/settings.service.js';
import {
  documentContext,
  shipGroupOfFulfillment,
  shipGroupsOfOrders,
  type DocumentContext,
  type ShipGroup,
} from '../orders/order-documents.service.js';
import { documentLogo, documentSettings } from './document-settings.service.js';
import { readSelection, type DocumentDownload, type Refusal } from './document-selection.js';
import { drawPackingSlip, type SlipSeller } from './packing-slip.pdf.js';
import { addressLines, openPdf, type PageLayout } from './pdf/pdf-document.js';

/** Orders read (and drawn) at a time: two statements a batch, however many orders it holds. */
export const SLIP_BATCH = 50;

/** The seller as documents print it: the store's name, the legal name and address of the settings. */
export async function documentSeller(db: Executor): Promise<SlipSeller & { paper: PageLayout }> {
  const [settings, shop] = await Promise.all([documentSettings(db), storeSettings(db)]);
  const logo = settings.logoContentType ? await documentLogo(db) : null;
  const legal = settings.legalName && settings.legalName !== shop.name ? [settings.legalName] : [];
  return {
    name: shop.name,
    addressLines: [
      ...legal,
      ...addressLines(settings.address ?? shop.address).filter((l) => l !== shop.name),
    ],
    logo: logo?.bytes ?? null,
    footerNote: settings.footerNote,
    timeZone: shop.timezone,
    paper: settings.paperSize,
  };
}

/** 404 for a location id that names none; null when fine. */
export function unknownLocation(context: DocumentContext, locationId: string | null): Refusal | null {
  if (locationId && !context.locations.some((l) => l.id === locationId))
    return { status: 404, message: 'There is no such location.' };
  return null;
}

export function nothingToShip(context: DocumentContext, locationId: string | null): Refusal {
  const name = context.locations.find((l) => l.id === locationId)?.name;
  return {
    status: 409,
    message: `Nothing is left to ship for this selection${name ? ` from ${name}` : ''}.`,
  };
}

/**
 * The ship groups of `orderIds` in batches: reads batches until one has something to ship (so a
 * selection with nothing left is a 409 before any byte is sent), then hands the rest to `more`.
 */
export async function firstGroups(
  db: Executor,
  context: DocumentContext,
  orderIds: readonly string[],
  locationId: string | null,
): Promise<{ groups: ShipGroup[]; next: number }> {
  for (let at = 0; at < orderIds.length; at += SLIP_BATCH) {
    const groups = await shipGroupsOfOrders(db, context, orderIds.slice(at, at + SLIP_BATCH), locationId);
    if (groups.length) return { groups, next: at + SLIP_BATCH };
  }
  return { groups: [], next: orderIds.length };
}

/**
 * GET /documents/packing-slips.pdf (ORDERS_READ): one slip per order and location with units still
 * to ship, or a fulfilment's units. The first orders' pages leave before the later ones are read.
 */
export async function packingSlipsDownload(
  db: Executor,
  viewer: Viewer,
  query: URLSearchParams,
): Promise<DocumentDownload> {
  if (!viewer.permissions.has('ORDERS_READ'))
    return { status: 403, message: 'Printing packing slips needs ORDERS_READ. Ask a staff manager for it.' };
  const read = await readSelection(db, query, [
    'orders',
    'query',
    'location',
    'fulfillment',
    'hidePrices',
    'layout',
  ]);
  if ('status' in read) return read;
  const [context, settings, seller] = await Promise.all([
    documentContext(db),
    documentSettings(db),
    documentSeller(db),
  ]);
  const layout: PageLayout =
    read.layout ?? (settings.packingSlipLayout === 'LABEL_4X6' ? 'LABEL_4X6' : settings.paperSize);
  const hidePrices = layout === 'LABEL_4X6' || (read.hidePrices ?? settings.hidePricesOnPackingSlips);
  const selection = read.selection;
  const createdAt = new Date();

  if (selection.kind === 'fulfillment') {
    const group = await shipGroupOfFulfillment(db, context, selection.fulfillmentId);
    if (!group) return { status: 404, message: 'There is no such fulfillment.' };
    if (!group.lines.length) return { status: 409, message: 'This fulfillment has no items to pack.' };
    const pdf = openPdf({ layout, title: `Packing slip ${group.fulfillmentName}`, createdAt });
    return {
      status: 200,
      filename: `packing-slip-${group.fulfillmentName.replace(/^\W+/, '')}.pdf`,
      pdf,
      draw: () => {
        drawPackingSlip(pdf, group, seller, { layout, hidePrices, fulfillmentName: group.fulfillmentName });
        pdf.end();
        return Promise.resolve();
      },
    };
  }

  const { orderIds, locationId } = selection;
  const unknown = unknownLocation(context, locationId);
  if (unknown) return unknown;
  const first = await firstGroups(db, context, orderIds, locationId);
  if (!first.groups.length) return nothingToShip(context, locationId);
  const single = orderIds.length === 1 ? first.groups[0]!.order.name.replace(/^\W+/, '') : null;
  const pdf = openPdf({ layout, title: 'Packing slips', createdAt });
  return {
    status: 200,
    filename: single
      ? `packing-slip-${single}.pdf`
      : `packing-slips-${createdAt.toISOString().slice(0, 10)}.pdf`,
    pdf,
    draw: async () => {
      const options = { layout, hidePrices };
      // Each slip is handed to the socket before the next is drawn (drawing does not wait by
      // itself): the first page leaves at once, and the pages drawn wait in memory no longer.
      const drawAll = async (groups: ShipGroup[]) => {
        for (const group of groups) {
          drawPackingSlip(pdf, group, seller, options);
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      await drawAll(first.groups);
      for (let at = first.next; at < orderIds.length; at += SLIP_BATCH)
        await drawAll(await shipGroupsOfOrders(db, context, orderIds.slice(at, at + SLIP_BATCH), locationId));
      pdf.end();
    },
  };
}
