import {
  currencyDecimals,
  EMAIL_TIMELINE_WORDS,
  encodeId,
  NOTIFICATION_TEMPLATE_LABELS,
  type NotificationTemplateKind,
  type OrderTimelineKind,
} from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { AuditEvent } from '../audit/audit.model.js';
import type { Order } from './order.model.js';
import { commentsOfOrder } from './order.repository.js';
import { latestEventsAbout } from '../audit/audit.service.js';

/** The audit subject type of orders: the Node type name, as every module records its subjects. */
export const ORDER_SUBJECT = 'Order';

export interface OrderTimelineEntry {
  id: string;
  kind: OrderTimelineKind;
  message: string;
  actorName: string | null;
  createdAt: Date;
}

type Changes = Record<string, { before: unknown; after: unknown } | undefined>;

interface SentenceInput {
  changes: Changes;
  actor: string;
  currencyCode: string;
}

/** "$12.00" in the order's currency (the code itself where there is no symbol). */
export function moneyWords(minor: unknown, currencyCode: string): string {
  const amount = Number(minor) / 10 ** currencyDecimals(currencyCode);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode }).format(amount);
}

const after = (c: Changes, key: string) => c[key]?.after;
const before = (c: Changes, key: string) => c[key]?.before;
const items = (n: unknown) => `${Number(n)} item${Number(n) === 1 ? '' : 's'}`;

const SOURCE_WORDS: Record<string, string> = {
  API: 'API',
  DRAFT: 'draft order',
  IMPORT: 'import',
  DEMO: 'demo data',
};

const FIELD_WORDS: Record<string, string> = {
  email: 'email',
  phone: 'phone',
  shipping_address: 'shipping address',
  billing_address: 'billing address',
  tags: 'tags',
  note: 'note',
  customer_name: 'customer name',
};

function listWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * One plain sentence per order action of the audit log (what the timeline shows). Actions are
 * named in SPEC order terms: `order.<verb>`; their `changes` say the amounts and names involved.
 */
export const ORDER_SENTENCES: Record<string, (e: SentenceInput) => string> = {
  'order.create': ({ changes, actor }) => {
    const source = SOURCE_WORDS[String(after(changes, 'source'))] ?? 'API';
    return `Order placed by ${actor} (${source})`;
  },
  'order.mark_paid': ({ changes, currencyCode }) =>
    `Marked as paid: ${moneyWords(after(changes, 'amount'), currencyCode)}`,
  'order.capture': ({ changes, currencyCode }) =>
    `Captured payment: ${moneyWords(after(changes, 'amount'), currencyCode)}`,
  'order.void': ({ changes, currencyCode }) =>
    `Voided the authorization: ${moneyWords(after(changes, 'amount'), currencyCode)}`,
  'order.fulfill': ({ changes }) => {
    const carrier = after(changes, 'carrier');
    const tracking = after(changes, 'tracking_number');
    const parcel = tracking ? ` (${[carrier, tracking].filter(Boolean).join(' ')})` : '';
    return `Fulfilled ${items(after(changes, 'quantity'))} from ${String(after(changes, 'location'))}${parcel}`;
  },
  'order.fulfillment_cancel': ({ changes }) =>
    `Cancelled fulfillment ${String(before(changes, 'fulfillment'))}: ${items(
      before(changes, 'quantity'),
    )} back to unfulfilled`,
  'order.cancel': ({ changes, currencyCode }) => {
    const reason = after(changes, 'cancel_reason');
    const money = [
      after(changes, 'voided') ? `voided ${moneyWords(after(changes, 'voided'), currencyCode)}` : null,
      after(changes, 'refunded') ? `refunded ${moneyWords(after(changes, 'refunded'), currencyCode)}` : null,
    ].filter(Boolean);
    return `Cancelled${typeof reason === 'string' && reason ? `: ${reason}` : ''}${money.length ? ` (${money.join(', ')})` : ''}`;
  },
  'order.close': () => 'Archived',
  'order.reopen': () => 'Unarchived',
  'order.update': ({ changes }) => {
    const fields = Object.keys(changes).map((k) => FIELD_WORDS[k] ?? k.replace(/_/g, ' '));
    return fields.length ? `Changed the ${listWords(fields)}` : 'Edited the order';
  },
  // Units back in stock are said too: a refund of items alone is a restock, not "Refunded $0.00".
  'order.refund': ({ changes, currencyCode }) => {
    const amount = Number(after(changes, 'amount') ?? 0);
    const lines = after(changes, 'lines');
    const list: unknown[] = Array.isArray(lines) ? lines : [];
    const back = list.reduce((n: number, l: unknown) => {
      const restocked = (l as { restocked?: unknown } | null)?.restocked;
      return n + (typeof restocked === 'number' ? restocked : 0);
    }, 0);
    const head =
      amount > 0 || !back
        ? `Refunded ${moneyWords(amount, currencyCode)}`
        : `${items(back)} back in stock, no money refunded`;
    const detail = list.length ? `: ${list.map(refundLineWords).join('; ')}` : '';
    const reason = after(changes, 'reason');
    return `${head}${detail}${typeof reason === 'string' && reason ? `. Reason: ${reason}` : ''}`;
  },
};

/** A return's lines as its audit entry recorded them: "2 × Slim Leather Cap (Size too small)". */
function returnLineWords(line: unknown, detail: 'reason' | 'disposition'): string {
  const l = (line ?? {}) as Record<string, unknown>;
  const word = (key: string, otherwise: string) => {
    const value = l[key];
    return typeof value === 'string' && value ? value : otherwise;
  };
  const title = word('title', word('sku', 'an item'));
  const quantity = Number(l['quantity'] ?? 1).toLocaleString('en-US');
  if (detail === 'reason') return `${quantity} × ${title} (${word('reason', 'no reason')})`;
  const where = word('location', '');
  return `${quantity} × ${title}: ${word('disposition', '').toLowerCase()}${where ? ` at ${where}` : ''}`;
}

const returnLines = (changes: Changes, detail: 'reason' | 'disposition') => {
  const lines = after(changes, 'lines');
  return Array.isArray(lines) ? lines.map((l) => returnLineWords(l, detail)).join('; ') : '';
};

/** An exchange's new items as the return's audit entry recorded them: "1 × Tee / L at $32.00". */
const exchangeWords = (changes: Changes, currencyCode: string) => {
  const lines = after(changes, 'exchange');
  if (!Array.isArray(lines) || !lines.length) return '';
  const words = lines.map((line) => {
    const l = (line ?? {}) as Record<string, unknown>;
    const title = [l['title'], l['variant']].filter((v) => typeof v === 'string' && v && v !== 'Default');
    const name = title.length ? title.join(' / ') : typeof l['sku'] === 'string' ? l['sku'] : 'an item';
    return `${Number(l['quantity'] ?? 1).toLocaleString('en-US')} × ${name} at ${moneyWords(l['unitPrice'], currencyCode)}`;
  });
  return `; exchange for ${words.join(', ')}`;
};

/** Issue #31: a return's steps on its order's timeline. */
Object.assign(ORDER_SENTENCES, {
  'order.return_create': ({ changes, currencyCode }: SentenceInput) =>
    `Return ${String(after(changes, 'return'))} requested: ${returnLines(changes, 'reason')}${exchangeWords(changes, currencyCode)}`,
  'order.return_open': ({ changes }: SentenceInput) =>
    `Return ${String(after(changes, 'return'))} is awaiting its parcel`,
  'order.return_receive': ({ changes }: SentenceInput) =>
    `Return ${String(after(changes, 'return'))} received: ${returnLines(changes, 'disposition')}`,
  'order.return_settle': ({ changes, currencyCode }: SentenceInput) => {
    const fees = Number(after(changes, 'fees') ?? 0);
    return `Return ${String(after(changes, 'return'))} settled: credit ${moneyWords(after(changes, 'credit'), currencyCode)}${
      fees ? `, fees ${moneyWords(fees, currencyCode)}` : ''
    }, refunded ${moneyWords(after(changes, 'refunded'), currencyCode)}`;
  },
  'order.return_cancel': ({ changes }: SentenceInput) =>
    `Return ${String(after(changes, 'return'))} cancelled${
      Number(after(changes, 'exchange_removed') ?? 0)
        ? ` (${items(after(changes, 'exchange_removed'))} of its exchange taken off the order)`
        : ''
    }`,
  'order.return_close': ({ changes }: SentenceInput) => {
    const never = Number(after(changes, 'not_received') ?? 0);
    return `Return ${String(after(changes, 'return'))} closed${never ? ` (${items(never)} never arrived)` : ''}`;
  },
});

/** Issue #32: "Edited by Ana: added 1 × Linen Shirt — M, Shipping Standard $5.00 → Express $8.00; reason: …". */
// Issue #33: documents record on the order (the documents module writes these events).
ORDER_SENTENCES['invoice.issue'] = ({ changes, currencyCode }) =>
  `Invoice ${String(after(changes, 'invoice'))} issued for ${moneyWords(after(changes, 'total'), currencyCode)}`;
ORDER_SENTENCES['creditNote.issue'] = ({ changes, currencyCode }) =>
  `Credit note ${String(after(changes, 'credit_note'))} issued for ${moneyWords(after(changes, 'total'), currencyCode)}, crediting invoice ${String(after(changes, 'invoice'))}`;

ORDER_SENTENCES['order.edit'] = ({ changes, actor }: SentenceInput) => {
  const summary = after(changes, 'summary');
  const words = Array.isArray(summary) ? summary.map(String).join(', ') : 'changed the order';
  const reason = after(changes, 'reason');
  return `Edited by ${actor}: ${words}${typeof reason === 'string' && reason ? `; reason: ${reason}` : ''}`;
};

/** The timeline kind of an audit event: edits of lines, prices, shipping or discount stand apart. */
const kindOf = (action: string): OrderTimelineKind => (action === 'order.edit' ? 'ORDER_EDITED' : 'EVENT');

/** "Shipping confirmation email sent to ana@example.com" (and what the mail server said, on failure). */
function emailSentence(what: keyof typeof EMAIL_TIMELINE_WORDS) {
  return ({ changes }: SentenceInput) => {
    const label =
      NOTIFICATION_TEMPLATE_LABELS[after(changes, 'template') as NotificationTemplateKind] ?? 'An';
    const error = after(changes, 'error');
    return `${label} email ${EMAIL_TIMELINE_WORDS[what]} ${String(after(changes, 'email'))}${typeof error === 'string' && error ? `: ${error}` : ''}`;
  };
}
for (const what of Object.keys(EMAIL_TIMELINE_WORDS) as (keyof typeof EMAIL_TIMELINE_WORDS)[])
  ORDER_SENTENCES[`order.email_${what}`] = emailSentence(what);

/**
 * A refunded line as the refund recorded it: "1 × Slim Leather Cap, restocked at Main warehouse".
 * Refunds recorded before the location was kept say "restocked".
 */
export function refundLineWords(line: unknown): string {
  const l = (line ?? {}) as {
    title?: unknown;
    sku?: unknown;
    quantity?: unknown;
    restock?: unknown;
    restocked?: unknown;
    location?: unknown;
  };
  const title =
    typeof l.title === 'string' && l.title ? l.title : typeof l.sku === 'string' ? l.sku : 'an item';
  const quantity = Number(l.quantity ?? 1);
  // Refunds recorded since issue 26 carry how many units went back; older ones only a flag.
  const back = typeof l.restocked === 'number' ? l.restocked : l.restock ? quantity : 0;
  const where = typeof l.location === 'string' && l.location ? ` at ${l.location}` : '';
  const restock = back <= 0 ? '' : back === quantity ? `, restocked${where}` : `, ${back} restocked${where}`;
  return `${Number(l.quantity ?? 1).toLocaleString('en-US')} × ${title}${restock}`;
}

/** The comment itself is on the timeline; its audit event would say it twice. */
const SHOWN_AS_COMMENT = new Set(['order.comment']);

export function eventSentence(event: AuditEvent, currencyCode: string): string {
  const sentence = ORDER_SENTENCES[event.action];
  const changes = (event.changes ?? {}) as Changes;
  if (sentence) return sentence({ changes, actor: actorOf(event), currencyCode });
  // An action without a sentence yet still reads as words rather than a code.
  const words = event.action.replace(/^order\./, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function actorOf(event: AuditEvent): string {
  if (event.actorName) return event.actorName;
  return event.actorType === 'system' ? 'the system' : 'an integration';
}

/**
 * An order's timeline, newest first: its audit events and staff comments, `first` in all. Comments
 * have no Node type, so their entry ids are opaque ids of their own.
 */
export async function orderTimeline(
  db: Executor,
  order: Order,
  first: number,
): Promise<OrderTimelineEntry[]> {
  const [events, comments] = await Promise.all([
    latestEventsAbout(db, ORDER_SUBJECT, order.id, first),
    commentsOfOrder(db, order.id, first),
  ]);
  const currencyCode = order.currencyCode.trim();
  const entries: OrderTimelineEntry[] = [
    ...events
      .filter((e) => !SHOWN_AS_COMMENT.has(e.action))
      .map((e) => ({
        id: encodeId('AuditEvent', e.id),
        kind: kindOf(e.action),
        message: eventSentence(e, currencyCode),
        actorName: e.actorName ?? (e.actorType === 'system' ? 'system' : null),
        createdAt: e.createdAt,
      })),
    ...comments.map((c) => ({
      id: encodeId('OrderComment', c.id),
      kind: 'COMMENT' as const,
      message: c.body,
      actorName: c.staffName,
      createdAt: c.createdAt,
    })),
  ];
  // Ties (an event and a comment in one millisecond) keep ids apart in a stable order.
  entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  return entries.slice(0, first);
}
