import { z } from 'zod';
import {
  addressSchema,
  emailSchema,
  optionalText,
  phoneSchema,
  tagsSchema,
  validate,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { AddressJson } from '../../db/columns.js';
import type { OrderComment, Order } from './order.model.js';
import { ADDRESS_FIELDS, DomainError } from '@stockroom/domain';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { insertOrderComment } from './comment.repository.js';
import { updateOrder, type OrderChanges } from './order.repository.js';
import { loadOrderForAction } from './order-lock.service.js';
import { actorName } from './order-payment.service.js';

/** SPEC §5: at most this many tags on an order. */
export const MAX_ORDER_TAGS = 250;
export const NOTE_MAX = 5_000;
export const COMMENT_MAX = 5_000;

/**
 * Tags as every entity stores them (trimmed, 1–255, duplicates ignoring case dropped), with the
 * limit worded for an order.
 */
export function orderTags(list: readonly string[], field: string[]): string[] {
  const parsed = validate(tagsSchema, list, field);
  if (parsed.ok && parsed.value.length <= MAX_ORDER_TAGS) return parsed.value;
  const tooMany = () => ({
    code: 'LIMIT_EXCEEDED' as const,
    message: `An order can have at most ${MAX_ORDER_TAGS} tags.`,
    field,
  });
  if (parsed.ok) throw new DomainError([tooMany()]);
  // The shared schema words its own count limit for products; an order says so in its own words.
  throw new DomainError(parsed.errors.map((e) => (e.field?.length === field.length ? tooMany() : e)));
}

const updateSchema = z.object({
  email: emailSchema
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  phone: phoneSchema
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  shippingAddress: addressSchema.nullable(),
  billingAddress: addressSchema.nullable(),
  note: optionalText(NOTE_MAX),
});

export interface OrderUpdateInput {
  email?: string | null;
  phone?: string | null;
  shippingAddress?: object | null;
  billingAddress?: object | null;
  tags?: string[] | null;
  note?: string | null;
  version?: number | null;
}

/** An address in one canonical shape, so a form that sends the stored address back changes nothing. */
function canonical(a: AddressJson | null): AddressJson | null {
  if (!a) return null;
  return Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, a[k] ?? null]));
}

const nameOf = (a: AddressJson | null) => [a?.firstName, a?.lastName].filter(Boolean).join(' ') || null;

const AUDITED = [
  'email',
  'phone',
  'shippingAddress',
  'billingAddress',
  'tags',
  'note',
  'customerName',
] as const;

/**
 * Edits what staff may correct on an order. Fields left out keep their values; null clears.
 * Addresses change only while nothing has shipped: a shipped parcel already went to the old one.
 */
export async function orderUpdate(
  trx: Tx,
  actor: Actor,
  id: string,
  input: OrderUpdateInput,
): Promise<Order> {
  const before = await loadOrderForAction(trx, id, input.version, { version: ['input', 'version'] });
  const errors: UserError[] = [];
  // Only what was sent is checked: an imported order's old address need not pass today's rules
  // for someone to fix its note.
  const sent = Object.fromEntries(
    (['email', 'phone', 'shippingAddress', 'billingAddress', 'note'] as const)
      .filter((k) => input[k] !== undefined)
      .map((k) => [k, input[k]]),
  );
  const parsed = validate(updateSchema.partial(), sent, ['input']);
  if (!parsed.ok) errors.push(...parsed.errors);
  let tags = before.tags;
  if (input.tags != null) {
    try {
      tags = orderTags(input.tags, ['input', 'tags']);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      errors.push(...e.errors);
    }
  }
  if (errors.length || !parsed.ok) throw new DomainError(errors);
  const next = parsed.value;
  const changes: OrderChanges = { tags };
  if (next.email !== undefined) changes.email = next.email;
  if (next.phone !== undefined) changes.phone = next.phone;
  if (next.note !== undefined) changes.note = next.note;
  const addresses = { shipping: before.shippingAddress, billing: before.billingAddress };
  const moved: ('shipping' | 'billing')[] = [];
  for (const which of ['shipping', 'billing'] as const) {
    const value = next[`${which}Address`];
    if (value === undefined) continue;
    const now = canonical(value);
    if (JSON.stringify(now) === JSON.stringify(canonical(addresses[which]))) continue;
    moved.push(which);
    addresses[which] = now;
    changes[`${which}Address`] = now;
  }
  if (moved.length && before.fulfillmentStatus !== 'UNFULFILLED') {
    throw new DomainError(
      moved.map((which) => ({
        code: 'INVALID_TRANSITION',
        message: "Items of this order have shipped; its addresses can't change any more.",
        field: ['input', `${which}Address`],
      })),
    );
  }
  // An order without a customer is known by the name on its address.
  if (moved.length && !before.customerId)
    changes.customerName = nameOf(addresses.shipping) ?? nameOf(addresses.billing);
  const after = await updateOrder(trx, before.id, changes);
  await recordAudit(trx, actor, {
    action: 'order.update',
    subjectType: 'Order',
    subjectId: before.id,
    changes: diff(
      {
        ...before,
        shippingAddress: canonical(before.shippingAddress),
        billingAddress: canonical(before.billingAddress),
      },
      {
        ...after,
        shippingAddress: canonical(after.shippingAddress),
        billingAddress: canonical(after.billingAddress),
      },
      AUDITED,
    ),
  });
  return after;
}

/** A staff comment on the order's timeline (1–5,000 characters). */
export async function orderCommentAdd(
  trx: Tx,
  actor: Actor,
  input: { id: string; body: string },
): Promise<{ order: Order; comment: OrderComment }> {
  const body = input.body.trim();
  if (!body) throw DomainError.one('REQUIRED', 'Write a comment first.', ['body']);
  if (body.length > COMMENT_MAX)
    throw DomainError.one('TOO_LONG', `Use at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`, [
      'body',
    ]);
  const order = await loadOrderForAction(trx, input.id);
  const comment = await insertOrderComment(trx, {
    id: uuidv7(),
    orderId: order.id,
    staffId: actor.viewer?.staffId ?? null,
    staffName: actorName(actor),
    body,
  });
  await recordAudit(trx, actor, {
    action: 'order.comment',
    subjectType: 'Order',
    subjectId: order.id,
    changes: { comment: { before: null, after: comment.id } },
  });
  return { order, comment };
}
