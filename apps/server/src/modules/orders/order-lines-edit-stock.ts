import { DomainError, type UserError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import { previewOrderEditStock } from '../inventory/order-stock.js';
import { movesStock } from './order-fulfillment.service.js';
import type { EditCalculation } from './order-lines-edit-words.js';
import { committedUnits, lineTitle, type EditPlan, type PlannedLine } from './order-lines-edit.model.js';

/*
 * Issue #32: the stock an order edit moves — what kept lines commit more of or release where their
 * stock is, what orderEditCalculate checks against the levels as they are, and the stock changes
 * the calculation lists. orderEdit moves it under the levels' locks (inventory/order-stock.ts).
 */

/** Units each kept tracked line commits more of, or releases, where its stock is committed. */
export function stockOf(lines: readonly PlannedLine[]): Pick<EditPlan, 'more' | 'released'> {
  const more: EditPlan['more'] = [];
  const released: EditPlan['released'] = [];
  lines.forEach((l) => {
    if (!l.line || !movesStock(l.line)) return;
    const delta = committedUnits(l.quantity, l.line) - committedUnits(l.previousQuantity, l.line);
    const common = {
      variantId: l.line.variantId,
      locationId: l.line.locationId,
      title: lineTitle(l),
      sku: l.sku,
    };
    if (delta > 0) more.push({ ...common, quantity: delta, field: [...l.field!, 'quantity'] });
    if (delta < 0) released.push({ ...common, quantity: -delta });
  });
  return { more, released };
}

/** orderEditCalculate: the stock an edit needs, checked against the levels as they are now. */
export async function checkStockNow(trx: Tx, lines: readonly PlannedLine[], more: EditPlan['more']) {
  const added = lines.filter((l) => l.change === 'ADDED' && l.sold);
  const preview = await previewOrderEditStock(trx, {
    added: added.map((l) => ({ variantId: l.variantId!, quantity: l.quantity })),
    more,
  });
  const errors: UserError[] = [];
  for (const l of added) {
    const p = preview.added.get(l.variantId!);
    if (p && !p.locationId)
      errors.push({
        code: 'INSUFFICIENT_STOCK',
        message: `${lineTitle(l)}: only ${p.best?.available ?? 0} available${p.best ? ` at ${p.best.name}` : ''}.`,
        field: [...l.field!, 'quantity'],
      });
  }
  for (const m of more) {
    const v = preview.tracked.get(m.variantId);
    const available = preview.more.get(`${m.variantId}/${m.locationId}`) ?? 0;
    if (v && !v.allowBackorder && available < m.quantity)
      errors.push({
        code: 'INSUFFICIENT_STOCK',
        message: `${m.title}: only ${Math.max(0, available)} available at ${preview.locationNames.get(m.locationId) ?? 'its location'}.`,
        field: m.field,
      });
  }
  if (errors.length) throw new DomainError(errors);
  return preview;
}

/**
 * The stock an edit commits (> 0) or releases (< 0), per line and location: new lines where they
 * are (or would be) committed (`addedAt`, by variant; untracked variants are absent), kept lines
 * where their stock is.
 */
export function stockChangesOf(
  lines: readonly PlannedLine[],
  addedAt: ReadonlyMap<string, string | null>,
  plan: Pick<EditPlan, 'more' | 'released'>,
): EditCalculation['stockChanges'] {
  return [
    ...lines.flatMap((l) => {
      const locationId = l.change === 'ADDED' && l.variantId ? addedAt.get(l.variantId) : null;
      return locationId
        ? [{ variantId: l.variantId, sku: l.sku, title: lineTitle(l), locationId, quantity: l.quantity }]
        : [];
    }),
    ...plan.more.map((m) => ({
      variantId: m.variantId,
      sku: m.sku,
      title: m.title,
      locationId: m.locationId,
      quantity: m.quantity,
    })),
    ...plan.released.map((r) => ({
      variantId: r.variantId,
      sku: r.sku,
      title: r.title,
      locationId: r.locationId,
      quantity: -r.quantity,
    })),
  ];
}
