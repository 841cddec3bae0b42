// The raw baseline for the stock levels list (the admin's InventoryLevels document), by product title.
import { cappedCount, cursorOf, decodeCursor, gid, iso, pageInfo, pool } from './common.mjs';

// lower(p.title) || ' ' || lpad(v.position::text, 5, '0') || ' ' || the location's priority and name,
// kept by triggers
const SORT = 'l.product_sort_key';
// SPEC §10: a location stocks a variant when it holds or owes units, or stock ever moved there
// (STOCKED_SQL in packages/domain); low stock counts only there.
const STOCKED = `(l.on_hand <> 0 or l.committed <> 0 or exists (select 1 from inventory_movements m
  where m.variant_id = l.variant_id and m.location_id = l.location_id))`;

/** The searches the bench sends: location:, low_stock:true and words of the title or SKU. */
function where(query, params) {
  const parts = ['v.track_inventory'];
  for (const token of (query ?? '').trim().split(/\s+/).filter(Boolean)) {
    const m = /^(location|low_stock):(.+)$/.exec(token);
    if (m?.[1] === 'location')
      parts.push(
        `l.location_id in (select id from locations where lower(name) = $${params.push(m[2].toLowerCase())})`,
      );
    else if (m?.[1] === 'low_stock')
      parts.push(
        `(l.on_hand - l.committed) <= coalesce(v.low_stock_threshold, (select low_stock_threshold from store_settings where id = 1)) and ${STOCKED}`,
      );
    else {
      const p = `$${params.push(`%${token.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`)}`;
      // The variants whose SKU, title or product title hold the word, each from its trigram index.
      parts.push(`v.id in (select tv.id from product_variants tv where lower(tv.sku) like ${p} or lower(tv.title) like ${p}
        union all select tv.id from product_variants tv join products tp on tp.id = tv.product_id
        where lower(tp.title) like ${p})`);
    }
  }
  return parts.join(' and ');
}

const FROM = `from inventory_levels l join product_variants v on v.id = l.variant_id
  join products p on p.id = v.product_id join locations loc on loc.id = l.location_id`;

export async function inventoryList(variables) {
  const size = variables.first ?? 50;
  const params = [];
  const filter = where(variables.query, params);
  const countParams = [...params];
  let keyset = 'true';
  if (variables.after) {
    const [value, id] = decodeCursor(variables.after);
    keyset = `(${SORT}, l.id) > ($${params.push(value)}::text, $${params.push(id)}::uuid)`;
  }
  const [rows, count, threshold] = await Promise.all([
    pool.query(
      `select l.id, l.on_hand, l.committed, l.incoming, l.version, l.updated_at, loc.id as location_id,
         loc.name as location_name, v.id as variant_id, v.title as variant_title, v.sku, v.low_stock_threshold,
         p.id as product_id, p.title as product_title, ${STOCKED} as stocked, (${SORT}) as cursor_value
       ${FROM} where ${filter} and ${keyset} order by ${SORT}, l.id limit ${size + 1}`,
      params,
    ),
    // Every level has its product and location (not-null foreign keys): the count joins the variant only.
    cappedCount(
      `from inventory_levels l join product_variants v on v.id = l.variant_id where ${filter}`,
      countParams,
    ),
    pool.query('select low_stock_threshold from store_settings where id = 1'),
  ]);
  const storeThreshold = threshold.rows[0].low_stock_threshold;
  const { page, pageInfo: info } = pageInfo(rows.rows, size, variables.after, (r) =>
    cursorOf(r.cursor_value, r.id),
  );
  return {
    inventoryLevels: {
      nodes: page.map((l) => ({
        id: gid('inv', l.id),
        onHand: l.on_hand,
        committed: l.committed,
        available: l.on_hand - l.committed,
        incoming: l.incoming,
        lowStock: l.stocked && l.on_hand - l.committed <= (l.low_stock_threshold ?? storeThreshold),
        version: l.version,
        updatedAt: iso(l.updated_at),
        location: { id: gid('loc', l.location_id), name: l.location_name },
        variant: {
          id: gid('var', l.variant_id),
          title: l.variant_title,
          sku: l.sku,
          product: { id: gid('prod', l.product_id), title: l.product_title },
        },
      })),
      pageInfo: info,
      count,
      userErrors: [],
    },
  };
}
