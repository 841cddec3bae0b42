// The raw baseline for the order page (the admin's order document): the order with its customer, lines,
// payments, shipments and timeline, read by six statements sent at once (all keyed by the order id),
// and the derived fields (actions, amounts owed and held, units to ship, timeline sentences) in plain JS.
import { amount, gid, iso, orderCustomer, pool, ungid } from './common.mjs';

let settings;
async function shop() {
  if (settings) return settings;
  const s = (await pool.query('select currency_code, order_number_prefix from store_settings where id = 1'))
    .rows[0];
  // common.mjs writes amounts with two decimals, as the server does for such a currency.
  const digits = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: s.currency_code.trim(),
  }).resolvedOptions().maximumFractionDigits;
  if (digits !== 2) throw new Error(`raw order page: no amounts in ${s.currency_code} (${digits} decimals)`);
  return (settings = s);
}

// Country names as the server's COUNTRIES table has them: ICU's English names, but for these.
const COUNTRY_NAMES = {
  AG: 'Antigua and Barbuda',
  BA: 'Bosnia and Herzegovina',
  BL: 'Saint Barthélemy',
  CD: 'Congo (DRC)',
  CG: 'Congo',
  GS: 'South Georgia and the South Sandwich Islands',
  HK: 'Hong Kong',
  HM: 'Heard Island and McDonald Islands',
  KN: 'Saint Kitts and Nevis',
  LC: 'Saint Lucia',
  MF: 'Saint Martin',
  MM: 'Myanmar',
  MO: 'Macao',
  PM: 'Saint Pierre and Miquelon',
  PS: 'Palestine',
  SH: 'Saint Helena',
  SJ: 'Svalbard and Jan Mayen',
  ST: 'São Tomé and Príncipe',
  TC: 'Turks and Caicos Islands',
  TT: 'Trinidad and Tobago',
  VC: 'Saint Vincent and the Grenadines',
  WF: 'Wallis and Futuna',
};
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const countryName = (code) => COUNTRY_NAMES[code] ?? regions.of(code);

/**
 * The order's actions in the schema's order; capture only while some authorized money is held,
 * fulfill only while some unit is left to ship, refund only when it can do something (issue #26
 * §1.2: captured money not all given back, or shipped units of a stocked line to put back).
 */
function availableActions(
  { status, payment_status: pay, fulfillment_status: ship },
  capturable,
  toShip,
  refundOffered,
) {
  const open = status === 'OPEN';
  const allowed = {
    CANCEL: open && ship === 'UNFULFILLED',
    CLOSE: open,
    REOPEN: status === 'CLOSED',
    FULFILL: open && ship !== 'FULFILLED' && toShip,
    MARK_PAID: status !== 'CANCELLED' && ['PENDING', 'PARTIALLY_PAID', 'VOIDED'].includes(pay),
    CAPTURE: status !== 'CANCELLED' && ['AUTHORIZED', 'PARTIALLY_PAID'].includes(pay) && capturable > 0,
    VOID: status !== 'CANCELLED' && pay === 'AUTHORIZED',
    REFUND: refundOffered,
  };
  return Object.keys(allowed).filter((a) => allowed[a]);
}

/** Authorized − voided − captured, of successful transactions (a SALE holds nothing). */
function capturableOf(transactions) {
  const sum = (kind) =>
    transactions.filter((t) => t.status === 'SUCCESS' && t.kind === kind).reduce((a, t) => a + t.amount, 0);
  return Math.max(0, sum('AUTHORIZATION') - sum('VOID') - sum('CAPTURE'));
}

function unfulfilledQuantity({ quantity, fulfilled_quantity: shipped, refunded_quantity: refunded }) {
  if (shipped > quantity || refunded > quantity)
    throw new Error('A line cannot ship or refund more than its quantity.');
  return Math.max(0, quantity - shipped - refunded);
}

/** Shipped units not yet refunded (refunds take unshipped units first). */
const shippedUnrefunded = (l) => l.quantity - l.refunded_quantity - unfulfilledQuantity(l);

/** As refundOffered (packages/domain order-states.ts): money left, or a stocked line's shipped units. */
function refundOfferedOf(o, lines) {
  if (Math.max(0, o.total_paid - o.total_refunded) > 0) return true;
  return lines.some((l) => l.variant_id !== null && l.location_id !== null && shippedUnrefunded(l) > 0);
}

const address = (a) => (a && Object.values(a).some(Boolean) ? a : null);

/** "$12.00" in the order's currency, as the timeline says amounts. */
const moneyWords = (minor, currency) => {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  return format.format(Number(minor) / 10 ** format.resolvedOptions().maximumFractionDigits);
};

const SOURCE_WORDS = { API: 'API', DRAFT: 'draft order', IMPORT: 'import', DEMO: 'demo data' };

/**
 * The sentences of the event kinds the bench's seeded orders have. Any other kind (mark_paid,
 * capture, void, fulfill, fulfillment_cancel, cancel, close, reopen, update, …) has no sentence here:
 * the handler throws rather than say something else than the server.
 */
const SENTENCES = {
  'order.create': (changes, actor) =>
    `Order placed by ${actor} (${SOURCE_WORDS[String(changes.source?.after)] ?? 'API'})`,
  // As the server's ORDER_SENTENCES (orders/order-timeline.ts): the amount, or the units back in
  // stock when no money went back, each line with its restock, and the reason.
  'order.refund': (changes, _actor, currency) => {
    const amount = Number(changes.amount?.after ?? 0);
    const list = Array.isArray(changes.lines?.after) ? changes.lines.after : [];
    const back = list.reduce((n, l) => n + (typeof l?.restocked === 'number' ? l.restocked : 0), 0);
    const head =
      amount > 0 || !back
        ? `Refunded ${moneyWords(amount, currency)}`
        : `${back} item${back === 1 ? '' : 's'} back in stock, no money refunded`;
    const detail = list.length ? `: ${list.map(refundLineWords).join('; ')}` : '';
    const reason = changes.reason?.after;
    return `${head}${detail}${typeof reason === 'string' && reason ? `. Reason: ${reason}` : ''}`;
  },
};

/** A refunded line as the refund recorded it (refundLineWords in orders/order-timeline.ts). */
function refundLineWords(line) {
  const l = line ?? {};
  const title =
    typeof l.title === 'string' && l.title ? l.title : typeof l.sku === 'string' ? l.sku : 'an item';
  const quantity = Number(l.quantity ?? 1);
  const back = typeof l.restocked === 'number' ? l.restocked : l.restock ? quantity : 0;
  const where = typeof l.location === 'string' && l.location ? ` at ${l.location}` : '';
  const restock = back <= 0 ? '' : back === quantity ? `, restocked${where}` : `, ${back} restocked${where}`;
  return `${Number(l.quantity ?? 1).toLocaleString('en-US')} × ${title}${restock}`;
}

function eventSentence(e, currency) {
  const sentence = SENTENCES[e.action];
  if (!sentence) throw new Error(`raw order page: no timeline sentence for "${e.action}"`);
  const actor = e.actor_name || (e.actor_type === 'system' ? 'the system' : 'an integration');
  return sentence(e.changes ?? {}, actor, currency);
}

/** Newest first: the audit events (but comment events: the comment itself is shown) and comments. */
function timeline(events, comments, currency, first) {
  const entries = [
    ...events
      .filter((e) => e.action !== 'order.comment')
      .map((e) => ({
        id: gid('aud', e.id),
        kind: 'EVENT',
        message: eventSentence(e, currency),
        actorName: e.actor_name ?? (e.actor_type === 'system' ? 'system' : null),
        createdAt: e.created_at,
      })),
    ...comments.map((c) => ({
      id: gid('ocm', c.id),
      kind: 'COMMENT',
      message: c.body,
      actorName: c.staff_name,
      createdAt: c.created_at,
    })),
  ];
  entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  return entries.slice(0, first).map((e) => ({ ...e, createdAt: iso(e.createdAt) }));
}

const TIMELINE_FIRST = 50;

export async function orderDetail(variables) {
  // As decodeIdOf('Order', …): anything but an order's id finds no order.
  if (!/^ord_[0-9a-f]{32}$/.test(String(variables.id))) return { order: null };
  const id = ungid(variables.id);
  const [order, lines, transactions, fulfillments, events, comments, store] = await Promise.all([
    pool.query(
      `select o.*, c.id as c_id, c.first_name as c_first_name, c.last_name as c_last_name,
         c.email as c_email, c.state as c_state, c.orders_count as c_orders_count,
         c.total_spent as c_total_spent
       from orders o left join customers c on c.id = o.customer_id where o.id = $1`,
      [id],
    ),
    pool.query(
      `select l.id, l.product_id, l.variant_id, l.product_title, l.variant_title, l.sku, l.unit_price,
         l.quantity, l.discount, l.fulfilled_quantity, l.refunded_quantity, l.location_id,
         loc.name as location_name,
         (select m.content_hash from product_media m where m.product_id = l.product_id
          order by m.position, m.id limit 1) as image_hash
       from order_lines l left join locations loc on loc.id = l.location_id
       where l.order_id = $1 order by l.position, l.id`,
      [id],
    ),
    pool.query(
      `select id, kind, status, amount, gateway, reference, actor_name, created_at
       from order_transactions where order_id = $1 order by created_at, id`,
      [id],
    ),
    pool.query(
      `select f.id, f.position, f.status, f.location_id, loc.name as location_name, f.carrier,
         f.tracking_number, f.tracking_url, f.created_at, f.cancelled_at,
         (select coalesce(json_agg(json_build_object('line', fl.order_line_id, 'quantity', fl.quantity)
            order by l.position, l.id), '[]')
          from fulfillment_lines fl join order_lines l on l.id = fl.order_line_id
          where fl.fulfillment_id = f.id) as lines
       from fulfillments f join locations loc on loc.id = f.location_id
       where f.order_id = $1 order by f.position`,
      [id],
    ),
    pool.query(
      `select id, actor_type, actor_name, action, changes, created_at from audit_events
       where subject_type = 'Order' and subject_id = $1 order by created_at desc, id desc limit ${TIMELINE_FIRST}`,
      [id],
    ),
    pool.query(
      `select id, staff_name, body, created_at from order_comments
       where order_id = $1 order by created_at desc, id desc limit ${TIMELINE_FIRST}`,
      [id],
    ),
    shop(),
  ]);
  const o = order.rows[0];
  if (!o) return { order: null };
  const name = `${store.order_number_prefix}${o.number}`;
  const storeCurrency = store.currency_code.trim();
  const currency = o.currency_code.trim();
  const price = (minor) => ({ amount: amount(minor) });
  const capturable = capturableOf(transactions.rows);
  const shipping = address(o.shipping_address);
  const billing = address(o.billing_address);
  const text = (a, key) => a[key] ?? null;
  return {
    order: {
      id: gid('ord', o.id),
      number: o.number,
      name,
      status: o.status,
      paymentStatus: o.payment_status,
      fulfillmentStatus: o.fulfillment_status,
      availableActions: availableActions(
        o,
        capturable,
        lines.rows.some((l) => unfulfilledQuantity(l) > 0),
        refundOfferedOf(o, lines.rows),
      ),
      email: o.email,
      phone: o.phone,
      customerName: o.customer_name,
      customer: o.c_id && {
        ...orderCustomer({
          id: o.c_id,
          first_name: o.c_first_name,
          last_name: o.c_last_name,
          email: o.c_email,
          state: o.c_state,
        }),
        ordersCount: o.c_orders_count,
        totalSpent: { amount: amount(o.c_total_spent), currencyCode: storeCurrency },
        state: o.c_state,
      },
      currencyCode: currency,
      subtotal: price(o.subtotal),
      shippingTotal: price(o.shipping_total),
      taxTotal: price(o.tax_total),
      discountTotal: price(o.discount_total),
      total: price(o.total),
      totalPaid: price(o.total_paid),
      totalRefunded: price(o.total_refunded),
      outstanding: price(o.status === 'CANCELLED' ? 0 : Math.max(0, o.total - o.total_paid)),
      totalCapturable: price(capturable),
      itemsCount: o.items_count,
      pricesIncludeTax: o.prices_include_tax,
      lines: lines.rows.map((l) => ({
        id: gid('oli', l.id),
        productTitle: l.product_title,
        variantTitle: l.variant_title,
        sku: l.sku,
        imageUrl: l.image_hash ? `/media/${l.image_hash}-64.webp` : null,
        // The foreign keys are `on delete set null`: an id is a product or variant that exists.
        product: l.product_id && { id: gid('prod', l.product_id) },
        variant: l.variant_id && { id: gid('var', l.variant_id) },
        unitPrice: price(l.unit_price),
        quantity: l.quantity,
        discount: price(l.discount),
        fulfilledQuantity: l.fulfilled_quantity,
        refundedQuantity: l.refunded_quantity,
        unfulfilledQuantity: unfulfilledQuantity(l),
        location: l.location_id && { id: gid('loc', l.location_id), name: l.location_name },
      })),
      shippingAddress: shipping && {
        firstName: text(shipping, 'firstName'),
        lastName: text(shipping, 'lastName'),
        company: text(shipping, 'company'),
        line1: text(shipping, 'line1'),
        line2: text(shipping, 'line2'),
        city: text(shipping, 'city'),
        region: text(shipping, 'region'),
        postalCode: text(shipping, 'postalCode'),
        countryCode: text(shipping, 'countryCode'),
        countryName: shipping.countryCode ? countryName(shipping.countryCode) : null,
        phone: text(shipping, 'phone'),
      },
      billingAddress: billing && {
        firstName: text(billing, 'firstName'),
        lastName: text(billing, 'lastName'),
        line1: text(billing, 'line1'),
        city: text(billing, 'city'),
        countryCode: text(billing, 'countryCode'),
      },
      shippingLine:
        o.shipping_name !== null || o.shipping_rate_id !== null
          ? {
              name: o.shipping_name ?? 'Shipping',
              price: price(o.shipping_price),
              discount: price(Math.max(0, o.shipping_price - o.shipping_total)),
              tax: price(o.shipping_tax),
            }
          : null,
      discountCode: o.discount_code,
      transactions: transactions.rows.map((t) => ({
        id: gid('txn', t.id),
        kind: t.kind,
        status: t.status,
        amount: price(t.amount),
        gateway: t.gateway,
        reference: t.reference,
        actorName: t.actor_name,
        createdAt: iso(t.created_at),
      })),
      fulfillments: fulfillments.rows.map((f) => ({
        id: gid('ful', f.id),
        name: `${name}-F${f.position}`,
        status: f.status,
        location: { id: gid('loc', f.location_id), name: f.location_name },
        carrier: f.carrier,
        trackingNumber: f.tracking_number,
        trackingUrl: f.tracking_url,
        lines: f.lines.map((fl) => ({ line: { id: gid('oli', fl.line) }, quantity: fl.quantity })),
        createdAt: iso(f.created_at),
        cancelledAt: iso(f.cancelled_at),
      })),
      tags: o.tags,
      note: o.note,
      source: o.source,
      cancelledAt: iso(o.cancelled_at),
      cancelReason: o.cancel_reason,
      closedAt: iso(o.closed_at),
      createdAt: iso(o.created_at),
      updatedAt: iso(o.updated_at),
      version: o.version,
      timeline: timeline(events.rows, comments.rows, currency, TIMELINE_FIRST),
    },
  };
}
