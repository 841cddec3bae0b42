// The raw baseline for the order list: 50 orders newest first with their lines, customer and total.
import {
  cappedCount,
  cursorOf,
  decodeCursor,
  gid,
  money,
  orderCustomer,
  pageInfo,
  pool,
  tsText,
} from './common.mjs';

let prefix;
const FILTERS = {
  '': 'true',
  'status:open': `o.status = 'OPEN'`,
  'status:open fulfillment_status:unfulfilled': `o.status = 'OPEN' and o.fulfillment_status = 'UNFULFILLED'`,
  'payment_status:paid': `o.payment_status = 'PAID'`,
};

export async function orderList(variables) {
  prefix ??= (await pool.query('select order_number_prefix from store_settings where id = 1')).rows[0]
    .order_number_prefix;
  const size = variables.first ?? 50;
  const filter = FILTERS[variables.query ?? ''];
  if (!filter) throw new Error(`raw order list: no SQL for "${variables.query}"`);
  const params = [];
  let keyset = 'true';
  if (variables.after) {
    const [value, id] = decodeCursor(variables.after);
    keyset = `(o.created_at, o.id) < ($1::timestamptz, $2::uuid)`;
    params.push(value, id);
  }
  const [orders, count] = await Promise.all([
    pool.query(
      `select id, number, created_at, status, payment_status, fulfillment_status, customer_name, items_count,
        customer_id, total, currency_code, ${tsText('o.created_at')} as cursor_value
       from orders o where ${filter} and ${keyset} order by created_at desc, id desc limit ${size + 1}`,
      params,
    ),
    cappedCount(`from orders o where ${filter}`, []),
  ]);
  const { page, pageInfo: info } = pageInfo(orders.rows, size, variables.after, (r) =>
    cursorOf(r.cursor_value, r.id),
  );
  const ids = page.map((o) => o.id);
  const customerIds = [...new Set(page.map((o) => o.customer_id).filter(Boolean))];
  const [lines, customers] = await Promise.all([
    pool.query(
      `select id, order_id, product_title, variant_title, sku, quantity, unit_price from order_lines
       where order_id = any($1) order by order_id, position`,
      [ids],
    ),
    pool.query(`select id, first_name, last_name, email, state from customers where id = any($1)`, [
      customerIds,
    ]),
  ]);
  const linesOf = new Map();
  for (const l of lines.rows) {
    const list = linesOf.get(l.order_id) ?? [];
    list.push(l);
    linesOf.set(l.order_id, list);
  }
  const customerOf = new Map(customers.rows.map((c) => [c.id, c]));
  return {
    orders: {
      nodes: page.map((o) => {
        const c = o.customer_id ? customerOf.get(o.customer_id) : null;
        return {
          id: gid('ord', o.id),
          name: `${prefix}${o.number}`,
          createdAt: o.created_at.toISOString(),
          status: o.status,
          paymentStatus: o.payment_status,
          fulfillmentStatus: o.fulfillment_status,
          customerName: o.customer_name,
          itemsCount: o.items_count,
          customer: c ? orderCustomer(c) : null,
          total: money(o.total, o.currency_code.trim()),
          lines: (linesOf.get(o.id) ?? []).map((l) => ({
            id: gid('oli', l.id),
            productTitle: l.product_title,
            variantTitle: l.variant_title,
            sku: l.sku,
            quantity: l.quantity,
            unitPrice: { amount: (l.unit_price / 100).toFixed(2) },
          })),
        };
      }),
      pageInfo: { hasNextPage: info.hasNextPage, endCursor: info.endCursor },
      count,
    },
  };
}
