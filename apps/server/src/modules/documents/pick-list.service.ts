import type { Executor } from '../../db/database.js';
import type { Viewer } from '../../actor.js';
import { documentContext, shipGroupsOfOrders, type ShipGroup } from '../orders/order-documents.service.js';
import { documentSettings } from './document-settings.service.js';
import { readSelection, type DocumentDownload } from './document-selection.js';
import { documentSeller, nothingToShip, SLIP_BATCH, unknownLocation } from './packing-slip.service.js';
import { drawPickList, pickListOf } from './pick-list.pdf.js';
import { openPdf, type PageLayout } from './pdf/pdf-document.js';

/**
 * GET /documents/pick-list.pdf (ORDERS_READ): the units still to ship of the selected orders,
 * summed per SKU and location. Sums need every order, so the orders are read (in batches) before
 * the first page is drawn; 250 orders' lines are small.
 */
export async function pickListDownload(
  db: Executor,
  viewer: Viewer,
  query: URLSearchParams,
): Promise<DocumentDownload> {
  if (!viewer.permissions.has('ORDERS_READ'))
    return { status: 403, message: 'Printing a pick list needs ORDERS_READ. Ask a staff manager for it.' };
  const read = await readSelection(db, query, ['orders', 'query', 'location', 'layout']);
  if ('status' in read) return read;
  if (read.layout === 'LABEL_4X6')
    return {
      status: 400,
      message: 'A pick list prints on A4 or Letter paper; a 4×6 label is too small for it.',
    };
  if (read.selection.kind !== 'orders') return { status: 400, message: 'Choose orders to pick.' };
  const { orderIds, locationId } = read.selection;
  const context = await documentContext(db);
  const unknown = unknownLocation(context, locationId);
  if (unknown) return unknown;
  const groups: ShipGroup[] = [];
  for (let at = 0; at < orderIds.length; at += SLIP_BATCH)
    groups.push(...(await shipGroupsOfOrders(db, context, orderIds.slice(at, at + SLIP_BATCH), locationId)));
  if (!groups.length) return nothingToShip(context, locationId);
  const [settings, seller] = await Promise.all([documentSettings(db), documentSeller(db)]);
  const layout: PageLayout = read.layout ?? settings.paperSize;
  const list = pickListOf(
    groups,
    context.locations.map((l) => l.id),
  );
  const printedAt = new Date();
  const pdf = openPdf({ layout, title: 'Pick list', createdAt: printedAt });
  return {
    status: 200,
    filename: `pick-list-${printedAt.toISOString().slice(0, 10)}.pdf`,
    pdf,
    draw: () => {
      drawPickList(pdf, list, seller, layout, printedAt);
      pdf.end();
      return Promise.resolve();
    },
  };
}
