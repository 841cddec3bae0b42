import type { CustomerFieldsFragment } from '../../../gql/graphql';
import { codeWords } from '../../../lib/audit-words';
import { formatMoney } from '../../../lib/format';

export interface TimelineEntry {
  key: string;
  at: string;
  who: string;
  /** What happened, in words; a comment's text for comments. */
  text: string;
  /** Field changes, e.g. "First name: Tim → Timothy". */
  details: string[];
  kind: 'comment' | 'event' | 'order';
  /** The order the entry is about: its name in `text` links to it. */
  order?: { id: string; name: string };
}

const ACTIONS: Record<string, string> = {
  'customer.create': 'Created the customer',
  'customer.update': 'Edited the customer',
  'customer.disable': 'Disabled the customer',
  'customer.enable': 'Enabled the customer',
  'customer.erase': "Erased the customer's personal data",
  'customer.address_add': 'Added an address',
  'customer.address_update': 'Edited an address',
  'customer.address_remove': 'Removed an address',
  'customer.comment_add': 'Commented',
};

const FIELDS: Record<string, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  phone: 'Phone',
  note: 'Note',
  tags: 'Tags',
  accepts_marketing: 'Accepts marketing',
  state: 'State',
  default_address_id: 'Default address',
  line1: 'Street',
  city: 'City',
  postal_code: 'Postal code',
  country_code: 'Country',
  order: 'From order',
};

function show(json: string | null): string {
  if (json === null) return '—';
  const value: unknown = JSON.parse(json);
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  // A state is a code (DISABLED): shown as a word, as in the audit log.
  if (typeof value === 'string' && /^[A-Z][A-Z_]+$/.test(value)) return codeWords(value);
  return String(value);
}

type Activity = NonNullable<CustomerFieldsFragment['orderActivity']>[number];

const units = (n: number | null | undefined) => (n ? ` (${n} ${n === 1 ? 'item' : 'items'})` : '');

/** An order, a refund or a return's step in words; the order's name links to it. */
export function activityText(a: Activity): string {
  const name = a.returnName ?? a.orderName;
  switch (a.kind) {
    case 'ORDER_PLACED':
      return `Placed order ${a.orderName} (${formatMoney(a.amount)})`;
    case 'REFUND':
      return `Refunded ${formatMoney(a.amount)} on ${a.orderName}`;
    case 'RETURN_REQUESTED':
      return `Return ${name} requested${units(a.units)}`;
    case 'RETURN_RECEIVED':
      return `Return ${name} received${units(a.units)}`;
    case 'RETURN_SETTLED':
      return Number(a.amount.amount) > 0
        ? `Return ${name} settled: ${formatMoney(a.amount)} refunded`
        : `Return ${name} settled: nothing refunded`;
    case 'RETURN_CANCELLED':
      return `Return ${name} cancelled`;
  }
}

/**
 * Staff comments, what the audit log recorded about the customer, and the orders they placed and
 * refunds they got, newest first. Comment events are left out: the comment itself is on the timeline.
 */
export function timelineEntries(
  customer: Pick<CustomerFieldsFragment, 'comments' | 'events'> &
    Partial<Pick<CustomerFieldsFragment, 'orderActivity'>>,
): TimelineEntry[] {
  const orders: TimelineEntry[] = (customer.orderActivity ?? []).map((a) => ({
    key: `${a.kind}-${a.orderId}-${a.returnName ?? ''}-${a.createdAt}`,
    at: a.createdAt,
    who: a.kind === 'REFUND' ? 'Refund' : a.kind === 'ORDER_PLACED' ? 'Order' : 'Return',
    text: activityText(a),
    details: [],
    kind: 'order',
    order: { id: a.orderId, name: a.orderName },
  }));
  const comments: TimelineEntry[] = customer.comments.map((c, i) => ({
    key: `c-${c.createdAt}-${i}`,
    at: c.createdAt,
    who: c.staffName ?? 'Staff',
    text: c.body,
    details: [],
    kind: 'comment',
  }));
  const events: TimelineEntry[] = customer.events
    .filter((e) => e.action !== 'customer.comment_add')
    .map((e) => ({
      key: e.id,
      at: e.createdAt,
      who: e.actorName ?? 'Stockroom',
      text: ACTIONS[e.action] ?? e.action,
      details: e.changes
        .filter((c) => c.field in FIELDS && e.action !== 'customer.create' && c.before !== c.after)
        .map((c) =>
          c.field === 'default_address_id'
            ? 'Changed the default address'
            : c.field === 'order'
              ? `From order ${show(c.after)}`
              : `${FIELDS[c.field]}: ${show(c.before)} → ${show(c.after)}`,
        ),
      kind: 'event',
    }));
  return [...comments, ...events, ...orders].sort((a, b) => b.at.localeCompare(a.at));
}
