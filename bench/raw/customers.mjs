// The raw baseline for the customer list and customer search (the admin's Customers document).
import {
  cappedCount,
  cursorOf,
  decodeCursor,
  gid,
  iso,
  pageInfo,
  pool,
  prefixQuery,
  stemmedCondition,
  storeCurrency,
  tsText,
} from './common.mjs';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** The searches the bench sends: state:, tag:, country: and free words over name and email. */
function where(query, params) {
  const parts = [];
  for (const token of (query ?? '').trim().split(/\s+/).filter(Boolean)) {
    const m = /^(state|tag|country):(.+)$/.exec(token);
    if (!m) parts.push(stemmedCondition('c.search_text', `$${params.push(prefixQuery(token))}`));
    else if (m[1] === 'state') parts.push(`c.state = $${params.push(m[2].toUpperCase())}`);
    else if (m[1] === 'tag') parts.push(`c.tag_keys @> array[$${params.push(m[2].toLowerCase())}]::text[]`);
    else
      parts.push(
        `exists (select 1 from customer_addresses a where a.customer_id = c.id and a.country_code = $${params.push(m[2].toUpperCase())})`,
      );
  }
  return parts.length ? parts.join(' and ') : 'true';
}

export async function customerList(variables) {
  const size = variables.first ?? 50;
  const params = [];
  const filter = where(variables.query, params);
  const countParams = [...params];
  let keyset = 'true';
  if (variables.after) {
    const [value, id] = decodeCursor(variables.after);
    keyset = `(c.created_at, c.id) < ($${params.push(value)}::timestamptz, $${params.push(id)}::uuid)`;
  }
  const [rows, count, currency] = await Promise.all([
    pool.query(
      `select c.*, a.id as address_id, a.country_code from (
         select c.id, c.first_name, c.last_name, c.email, c.state, c.tags, c.version, c.orders_count,
           c.total_spent, c.created_at, c.default_address_id, ${tsText('c.created_at')} as cursor_value
         from customers c where ${filter} and ${keyset} order by c.created_at desc, c.id desc limit ${size + 1}) c
       left join customer_addresses a on a.id = c.default_address_id order by c.created_at desc, c.id desc`,
      params,
    ),
    cappedCount(`from customers c where ${filter}`, countParams),
    storeCurrency(),
  ]);
  const { page, pageInfo: info } = pageInfo(rows.rows, size, variables.after, (r) =>
    cursorOf(r.cursor_value, r.id),
  );
  return {
    customers: {
      nodes: page.map((c) => ({
        id: gid('cus', c.id),
        displayName:
          c.state === 'ERASED'
            ? 'Erased customer'
            : [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email,
        email: c.email,
        state: c.state,
        tags: c.tags,
        version: c.version,
        ordersCount: c.orders_count,
        totalSpent: { amount: (c.total_spent / 100).toFixed(2), currencyCode: currency },
        defaultAddress: c.address_id && {
          id: gid('adr', c.address_id),
          countryCode: c.country_code.trim(),
          countryName: regions.of(c.country_code.trim()),
        },
        createdAt: iso(c.created_at),
      })),
      pageInfo: info,
      count,
      userErrors: [],
    },
  };
}
