// The raw baseline of ARCHITECTURE §6 for the order list: the same data as the GraphQL order list
// scenario (50 orders newest first with their lines, customer and total, the capped count, the page
// info), read by hand-written SQL over `pg` and served as the same JSON by a bare `node:http`
// handler. What Stockroom spends above this is the cost of its layers.
// Started by bench/run.mjs as its own process: DATABASE_URL, PORT.
import http from 'node:http';
import pg from 'pg';

pg.types.setTypeParser(20, (v) => Number(v));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 16 });
const prefix = (await pool.query('select order_number_prefix from store_settings where id = 1')).rows[0]
  .order_number_prefix;
const COUNT_LIMIT = 10_000;

const FILTERS = {
  '': 'true',
  'status:open fulfillment_status:unfulfilled': `o.status = 'OPEN' and o.fulfillment_status = 'UNFULFILLED'`,
};

const gid = (prefix, uuid) => `${prefix}_${uuid.replace(/-/g, '')}`;
const money = (minor, currencyCode) => ({ amount: (minor / 100).toFixed(2), currencyCode });

async function orderList(q) {
  const where = FILTERS[q] ?? FILTERS[''];
  const [orders, count] = await Promise.all([
    pool.query(
      `select id, number, created_at, status, payment_status, fulfillment_status, customer_name, items_count,
        customer_id, total, currency_code
       from orders o where ${where} order by created_at desc, id desc limit 51`,
    ),
    pool.query(
      `select count(*)::int as n from (select 1 from orders o where ${where} limit ${COUNT_LIMIT + 1}) x`,
    ),
  ]);
  const rows = orders.rows.slice(0, 50);
  const ids = rows.map((o) => o.id);
  const customerIds = [...new Set(rows.map((o) => o.customer_id).filter(Boolean))];
  const [lines, customers] = await Promise.all([
    pool.query(
      `select id, order_id, product_title, variant_title, sku, quantity, unit_price from order_lines
       where order_id = any($1) order by order_id, position`,
      [ids],
    ),
    pool.query(`select id, first_name, last_name, email from customers where id = any($1)`, [customerIds]),
  ]);
  const linesOf = new Map();
  for (const l of lines.rows) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);
  const customerOf = new Map(customers.rows.map((c) => [c.id, c]));
  const n = count.rows[0].n;
  const nodes = rows.map((o) => {
    const c = o.customer_id ? customerOf.get(o.customer_id) : null;
    const currency = o.currency_code.trim();
    return {
      id: gid('ord', o.id),
      name: `${prefix}${o.number}`,
      createdAt: o.created_at.toISOString(),
      status: o.status,
      paymentStatus: o.payment_status,
      fulfillmentStatus: o.fulfillment_status,
      customerName: o.customer_name,
      itemsCount: o.items_count,
      customer: c
        ? {
            id: gid('cus', c.id),
            displayName: [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email,
            email: c.email,
          }
        : null,
      total: money(o.total, currency),
      lines: (linesOf.get(o.id) ?? []).map((l) => ({
        id: gid('oli', l.id),
        productTitle: l.product_title,
        variantTitle: l.variant_title,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: { amount: (l.unit_price / 100).toFixed(2) },
      })),
    };
  });
  return {
    data: {
      orders: {
        nodes,
        pageInfo: {
          hasNextPage: orders.rows.length > 50,
          endCursor: rows.length
            ? Buffer.from(`${rows.at(-1).created_at.toISOString()}|${rows.at(-1).id}`).toString('base64url')
            : null,
        },
        count: { value: Math.min(n, COUNT_LIMIT), precision: n > COUNT_LIMIT ? 'AT_LEAST' : 'EXACT' },
      },
    },
  };
}

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    try {
      if (url.pathname === '/readyz') return res.end('ok');
      if (url.pathname !== '/orders') return res.writeHead(404).end();
      const body = JSON.stringify(await orderList(url.searchParams.get('q') ?? ''));
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
