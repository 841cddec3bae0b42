import { decodeIdOf, type UserError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Order } from './order.model.js';
import { DomainError } from '@stockroom/domain';
import { recordAudit } from '../audit/audit.service.js';
import { updateOrder } from './order.repository.js';
import { storeSettings } from '../settings/settings.service.js';
import { loadOrderForAction, orderForAction, type LoadedOrder } from './order-lock.service.js';
import { chooseLocation, fulfillEverything } from './order-fulfillment.service.js';
import { closeLocked } from './order-lifecycle.service.js';
import { MAX_ORDER_TAGS, orderTags } from './order-edit.service.js';

/** At most this many orders per bulk command (SPEC §9: a page). */
export const MAX_BULK_ORDERS = 250;

/**
 * Bulk commands are all or nothing: one command is one transaction, so when any order fails none
 * changes, and every failing order is reported at once (field ["ids", i]) to fix or deselect.
 */
async function eachOrder<T>(
  trx: Tx,
  apiIds: readonly string[],
  work: (order: LoadedOrder) => Promise<T>,
): Promise<T[]> {
  if (!apiIds.length) throw DomainError.one('REQUIRED', 'Choose at least one order.', ['ids']);
  if (apiIds.length > MAX_BULK_ORDERS)
    throw DomainError.one('LIMIT_EXCEEDED', `Choose at most ${MAX_BULK_ORDERS} orders at a time.`, ['ids']);
  const errors: UserError[] = [];
  const targets: { uuid: string; i: number }[] = [];
  const seen = new Set<string>();
  apiIds.forEach((apiId, i) => {
    const uuid = decodeIdOf('Order', apiId);
    if (!uuid)
      errors.push({ code: 'INVALID', message: 'This order does not exist.', field: ['ids', String(i)] });
    else if (!seen.has(uuid)) {
      targets.push({ uuid, i });
      seen.add(uuid);
    }
  });
  if (errors.length) throw new DomainError(errors);
  // Locked in id order, so two bulk commands over overlapping orders queue instead of deadlocking.
  targets.sort((a, b) => a.uuid.localeCompare(b.uuid));
  const prefix = (await storeSettings(trx)).orderNumberPrefix;
  const results = new Map<number, T>();
  for (const { uuid, i } of targets) {
    let name = '';
    try {
      const order = await loadOrderForAction(trx, uuid);
      name = `${prefix}${order.number}: `;
      results.set(i, await work(order));
    } catch (error) {
      // A DomainError is raised before its order's writes or between whole steps; the command
      // rolls back anyway, so later orders are still checked to report every problem together.
      if (!(error instanceof DomainError)) throw error;
      const message = name + error.errors.map((e) => e.message).join(' ');
      errors.push({ code: error.errors[0]!.code, message, field: ['ids', String(i)] });
    }
  }
  if (errors.length) throw new DomainError(errors.sort((a, b) => Number(a.field![1]) - Number(b.field![1])));
  return [...results.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
}

export async function ordersBulkUpdate(
  trx: Tx,
  actor: Actor,
  input: {
    ids: readonly string[];
    addTags?: string[] | null;
    removeTags?: string[] | null;
    close?: boolean | null;
  },
): Promise<Order[]> {
  const add = input.addTags?.length ? orderTags(input.addTags, ['addTags']) : [];
  const remove = new Set(
    (input.removeTags?.length ? orderTags(input.removeTags, ['removeTags']) : []).map((t) => t.toLowerCase()),
  );
  if (!add.length && !remove.size && !input.close)
    throw DomainError.one('REQUIRED', 'Choose what to change: tags to add or remove, or close.', null);
  return eachOrder(trx, input.ids, async (before) => {
    let order: Order = before;
    const tags = before.tags.filter((t) => !remove.has(t.toLowerCase()));
    for (const t of add) if (!tags.some((x) => x.toLowerCase() === t.toLowerCase())) tags.push(t);
    if (tags.length > MAX_ORDER_TAGS)
      throw DomainError.one('LIMIT_EXCEEDED', `An order can have at most ${MAX_ORDER_TAGS} tags.`);
    if (JSON.stringify(tags) !== JSON.stringify(before.tags)) {
      order = await updateOrder(trx, before.id, { tags });
      await recordAudit(trx, actor, {
        action: 'order.update',
        subjectType: 'Order',
        subjectId: before.id,
        changes: { tags: { before: before.tags, after: tags } },
      });
    }
    // Closing what is already closed (or archived, for a cancelled order) is what the person asked for.
    if (input.close && order.status !== 'CLOSED' && !orderForAction(order).archived)
      order = await closeLocked(trx, actor, order);
    return order;
  });
}

/** Ships everything still unshipped of each order from one location (SPEC §2 fulfillment queue). */
export async function ordersBulkFulfill(
  trx: Tx,
  actor: Actor,
  input: { ids: readonly string[]; locationId: string },
): Promise<Order[]> {
  const location = await chooseLocation(trx, [], input.locationId, ['locationId']);
  return eachOrder(trx, input.ids, (order) => fulfillEverything(trx, actor, order, location));
}
