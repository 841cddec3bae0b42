import {
  decodeIdOf,
  DomainError,
  RETURN_DISPOSITION_LABELS,
  RETURN_DISPOSITIONS,
  statusAfterReceipt,
  type ReturnDisposition,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { keepDamaged, restock, type Allocation } from '../inventory/order-stock.js';
import { locationsByIds } from '../inventory/location.service.js';
import { linesOfOrders, findOrder } from '../orders/order-reads.service.js';
import { actorName } from '../orders/order-payment.service.js';
import { orderName } from '../orders/order-fulfillment.service.js';
import { receivedOf, type Return } from './return.model.js';
import { addReceipts, findReturns, linesOfReturns, updateReturn } from './return.repository.js';
import { auditReturn, loadReturnForAction, returnName } from './return.service.js';

export interface ReturnReceiveRaw {
  id: string;
  lines: {
    returnLineId: string;
    quantity: number;
    disposition: ReturnDisposition;
    locationId?: string | null;
  }[];
  idempotencyKey?: string | null;
}

const at = (...path: (string | number)[]) => ['lines', ...path.map(String)];

/**
 * Records what arrived (issue #31): each unit restocked (a RESTOCKED movement at the chosen
 * location, on hand +1), kept aside as damaged (a RETURN_DAMAGED movement, the level's damaged
 * count +1, nothing sellable) or missing (recorded, nothing moves). The return's row is locked
 * first, so a receipt and a cancel at once never both pass, and a repeat of one key is one receipt.
 */
export async function returnReceive(trx: Tx, actor: Actor, raw: ReturnReceiveRaw): Promise<Return> {
  const { idempotencyKey, ...request } = raw;
  const { returnId } = await idempotent(
    trx,
    'returnReceive',
    idempotencyKey,
    request,
    async () => {
      const ret = await loadReturnForAction(trx, String(raw.id), 'receive');
      const lines = await linesOfReturns(trx, [ret.id]);
      const orderLines = new Map((await linesOfOrders(trx, [ret.orderId])).map((l) => [l.id, l]));
      const byId = new Map(lines.map((l) => [l.id, l]));
      const asked = raw.lines ?? [];
      const errors: UserError[] = [];
      if (!asked.length)
        errors.push({ code: 'REQUIRED', message: 'Scan or choose at least one item.', field: ['lines'] });
      const left = new Map(lines.map((l) => [l.id, l.quantity - receivedOf(l)]));
      const wantedLocations = new Map<string, number[]>();
      const planned = asked.flatMap((a, i) => {
        const lineId = decodeIdOf('ReturnLine', String(a.returnLineId));
        const line = lineId ? byId.get(lineId) : undefined;
        if (!line) {
          errors.push({
            code: 'INVALID',
            message: "This item isn't on this return.",
            field: at(i, 'returnLineId'),
          });
          return [];
        }
        if (!RETURN_DISPOSITIONS.includes(a.disposition)) {
          errors.push({
            code: 'INVALID',
            message: 'Choose Restock, Damaged or Missing.',
            field: at(i, 'disposition'),
          });
          return [];
        }
        const rest = left.get(line.id)!;
        if (!Number.isSafeInteger(a.quantity) || a.quantity < 1 || a.quantity > rest) {
          errors.push({
            code: 'OUT_OF_RANGE',
            message:
              rest === 0
                ? 'Every unit of this item has been received.'
                : `Receive 1 to ${rest} of this item (${rest} still expected).`,
            field: at(i, 'quantity'),
          });
          return [];
        }
        left.set(line.id, rest - a.quantity);
        const orderLine = orderLines.get(line.orderLineId)!;
        // Stock moves only for a tracked variant still in the catalog; elsewhere the receipt is kept.
        const tracked = orderLine.variantId !== null && orderLine.locationId !== null;
        let locationId: string | null = null;
        if (a.disposition !== 'MISSING' && tracked) {
          locationId =
            a.locationId == null ? orderLine.locationId : decodeIdOf('Location', String(a.locationId));
          if (!locationId) {
            errors.push({
              code: 'INVALID',
              message: "This location doesn't exist.",
              field: at(i, 'locationId'),
            });
            return [];
          }
          wantedLocations.set(locationId, [...(wantedLocations.get(locationId) ?? []), i]);
        }
        return [{ line, orderLine, quantity: a.quantity, disposition: a.disposition, locationId }];
      });
      const locations = new Map(
        (await locationsByIds(trx, [...wantedLocations.keys()])).map((l) => [l.id, l]),
      );
      for (const [id, indexes] of wantedLocations) {
        const location = locations.get(id);
        if (location?.active) continue;
        for (const i of indexes)
          errors.push({
            code: 'INVALID',
            message: location
              ? `${location.name} is inactive; choose an active location.`
              : "This location doesn't exist.",
            field: at(i, 'locationId'),
          });
      }
      if (errors.length) throw new DomainError(errors);

      const order = (await findOrder(trx, ret.orderId))!;
      const name = returnName(await orderName(trx, order), ret);
      const origin = { orderId: order.id, note: `Return ${name}` };
      const toShelf: Allocation[] = [];
      const aside: Allocation[] = [];
      for (const p of planned) {
        if (!p.locationId) continue;
        const unit = { variantId: p.orderLine.variantId!, locationId: p.locationId, quantity: p.quantity };
        if (p.disposition === 'RESTOCK') toShelf.push(unit);
        if (p.disposition === 'DAMAGED') aside.push(unit);
      }
      if (toShelf.length) await restock(trx, actor, toShelf, origin);
      if (aside.length) await keepDamaged(trx, actor, aside, origin);
      const now = new Date();
      const counts = new Map<string, { id: string; restocked: number; damaged: number; missing: number }>();
      for (const p of planned) {
        const c = counts.get(p.line.id) ?? { id: p.line.id, restocked: 0, damaged: 0, missing: 0 };
        if (p.disposition === 'RESTOCK') c.restocked += p.quantity;
        else if (p.disposition === 'DAMAGED') c.damaged += p.quantity;
        else c.missing += p.quantity;
        counts.set(p.line.id, c);
      }
      await addReceipts(
        trx,
        planned.map((p) => ({
          id: uuidv7(),
          returnId: ret.id,
          returnLineId: p.line.id,
          quantity: p.quantity,
          disposition: p.disposition,
          locationId: p.locationId,
          staffId: actor.viewer?.staffId ?? null,
          staffName: actorName(actor),
          createdAt: now,
        })),
        [...counts.values()],
      );
      const units = planned.reduce((n, p) => n + p.quantity, 0);
      const received = ret.receivedQuantity + units;
      const status = statusAfterReceipt(ret.quantity, received);
      const after = await updateReturn(trx, ret.id, {
        receivedQuantity: received,
        status,
        ...(ret.openedAt ? {} : { openedAt: now }),
      });
      await auditReturn(
        trx,
        actor,
        order,
        after,
        'receive',
        {
          ...(status !== ret.status ? { status: { before: ret.status, after: status } } : {}),
          lines: {
            before: null,
            after: planned.map((p) => ({
              sku: p.orderLine.sku,
              title: p.orderLine.productTitle,
              quantity: p.quantity,
              disposition: RETURN_DISPOSITION_LABELS[p.disposition],
              location: p.locationId ? (locations.get(p.locationId)?.name ?? null) : null,
            })),
          },
        },
        name,
      );
      return { returnId: ret.id };
    },
    ['idempotencyKey'],
  );
  return (await findReturns(trx, [returnId]))[0]!;
}
