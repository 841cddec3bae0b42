// The raw baseline for the product scenarios: the product list (the admin's document and the full
// one with variants and stock), product search and the product page, by hand-written SQL.
import {
  amount,
  cappedCount,
  cursorOf,
  decodeCursor,
  gid,
  iso,
  pageInfo,
  pool,
  prefixQuery,
  stemmedVectorCondition,
  storeCurrency,
  tsText,
  ungid,
} from './common.mjs';

/** The searches the bench sends, parsed by hand: status:, tag:, vendor: and free words. */
function where(query, params) {
  const parts = [];
  const words = [];
  for (const token of (query ?? '').trim().split(/\s+/).filter(Boolean)) {
    const m = /^(status|tag|vendor):(.+)$/.exec(token);
    if (!m) words.push(token);
    else if (m[1] === 'status') parts.push(`p.status = $${params.push(m[2].toUpperCase())}`);
    else if (m[1] === 'tag') parts.push(`p.tag_keys @> array[$${params.push(m[2].toLowerCase())}]::text[]`);
    else parts.push(`lower(p.vendor) = $${params.push(m[2].toLowerCase())}`);
  }
  if (words.length)
    parts.push(stemmedVectorCondition('p.search_vector', `$${params.push(prefixQuery(words.join(' ')))}`));
  return parts.length ? parts.join(' and ') : 'true';
}

/** One page, newest change first, with the capped count beside it. */
async function productPage(variables, columns) {
  const size = variables.first ?? 50;
  const params = [];
  const filter = where(variables.query, params);
  const countParams = [...params];
  let keyset = 'true';
  if (variables.after) {
    const [value, id] = decodeCursor(variables.after);
    keyset = `(p.updated_at, p.id) < ($${params.push(value)}::timestamptz, $${params.push(id)}::uuid)`;
  }
  // The page first, then what its rows show: the subqueries run for 51 rows, not for every match.
  const [rows, count] = await Promise.all([
    pool.query(
      `select p.id, ${columns}, p.cursor_value from (
         select p.id, p.title, p.handle, p.status, p.vendor, p.variant_count, p.updated_at, p.category_id,
           ps.total_available,
           ${tsText('p.updated_at')} as cursor_value
         from products p left join product_stock ps on ps.product_id = p.id
         where ${filter} and ${keyset} order by p.updated_at desc, p.id desc limit ${size + 1}) p
       order by p.updated_at desc, p.id desc`,
      params,
    ),
    cappedCount(`from products p where ${filter}`, countParams),
  ]);
  return { ...pageInfo(rows.rows, size, variables.after, (r) => cursorOf(r.cursor_value, r.id)), count };
}

const mediaJson = (
  fields,
) => `(select coalesce(json_agg(json_build_object(${fields}) order by m.position, m.id), '[]')
  from product_media m where m.product_id = p.id)`;
const thumb = (size) => `'/media/' || m.content_hash || '-${size}.webp'`;

/** The admin's /products document. */
export async function productListAdmin(variables) {
  const {
    page,
    pageInfo: info,
    count,
  } = await productPage(
    variables,
    `p.title, p.handle, p.status, p.vendor, p.variant_count, p.updated_at,
     p.total_available,
     (select json_build_object('id', c.id, 'name', c.name) from categories c where c.id = p.category_id) as category,
     ${mediaJson(`'id', m.id, 'alt', m.alt, 'thumbnailUrl', ${thumb(64)}`)} as media`,
  );
  return {
    products: {
      nodes: page.map((p) => ({
        id: gid('prod', p.id),
        title: p.title,
        handle: p.handle,
        status: p.status,
        vendor: p.vendor,
        totalAvailable: p.total_available === null ? null : Number(p.total_available),
        variantCount: p.variant_count,
        updatedAt: iso(p.updated_at),
        category: p.category && { id: gid('cat', p.category.id), name: p.category.name },
        media: p.media.map((m) => ({ id: gid('med', m.id), alt: m.alt, thumbnailUrl: m.thumbnailUrl })),
      })),
      pageInfo: info,
      count,
      userErrors: [],
    },
  };
}

/** The full list: every variant with its price and its stock per location. */
export async function productListFull(variables) {
  const {
    page,
    pageInfo: info,
    count,
  } = await productPage(
    variables,
    `p.title, p.status, p.variant_count,
     p.total_available,
     (select c.name from categories c where c.id = p.category_id) as category,
     ${mediaJson(`'thumbnailUrl', ${thumb(64)}`)} as media`,
  );
  const ids = page.map((p) => p.id);
  const variants = await pool.query(
    `select v.product_id, v.id, v.sku, v.price,
       (select coalesce(json_agg(json_build_object('available', l.on_hand - l.committed, 'name', loc.name)
          order by loc.fulfillment_priority, l.location_id), '[]')
        from inventory_levels l join locations loc on loc.id = l.location_id where l.variant_id = v.id) as levels
     from product_variants v where v.product_id = any($1) order by v.product_id, v.position, v.id`,
    [ids],
  );
  const byProduct = new Map();
  for (const v of variants.rows) {
    const list = byProduct.get(v.product_id) ?? [];
    list.push(v);
    byProduct.set(v.product_id, list);
  }
  return {
    products: {
      nodes: page.map((p) => ({
        id: gid('prod', p.id),
        title: p.title,
        status: p.status,
        totalAvailable: p.total_available === null ? null : Number(p.total_available),
        category: p.category === null ? null : { name: p.category },
        media: p.media,
        variantCount: p.variant_count,
        variants: (byProduct.get(p.id) ?? []).map((v) => ({
          id: gid('var', v.id),
          sku: v.sku,
          price: { amount: amount(v.price) },
          inventoryLevels: v.levels.map((l) => ({ available: l.available, location: { name: l.name } })),
        })),
      })),
      pageInfo: { hasNextPage: info.hasNextPage, endCursor: info.endCursor },
      count,
    },
  };
}

/** The search box: 20 titles and the count. */
export async function productSearch(variables) {
  const { page, count } = await productPage({ ...variables, first: 20 }, 'p.title');
  return {
    products: {
      nodes: page.map((p) => ({ id: gid('prod', p.id), title: p.title })),
      count: { value: count.value },
    },
  };
}

/** The product page: the product with everything the editor shows, the currency and the category tree. */
export async function productDetail(variables) {
  const id = ungid(variables.id);
  const [product, variants, media, collections, categories, currency] = await Promise.all([
    pool.query(
      `select p.*, c.id as cat_id, c.name as cat_name from products p
       left join categories c on c.id = p.category_id where p.id = $1`,
      [id],
    ),
    pool.query(
      `select id, title, option_values, sku, barcode, price, compare_at_price, cost_price, weight_grams,
         track_inventory, allow_backorder, low_stock_threshold, version
       from product_variants where product_id = $1 order by position, id`,
      [id],
    ),
    pool.query(
      `select id, alt, filename, width, height, content_hash from product_media where product_id = $1
       order by position, id`,
      [id],
    ),
    pool.query(
      `select c.id, c.title from collection_products cp join collections c on c.id = cp.collection_id
       where cp.product_id = $1 order by c.title`,
      [id],
    ),
    pool.query(`select id, name, parent_id from categories order by parent_id nulls first, position, id`),
    storeCurrency(),
  ]);
  const p = product.rows[0];
  const price = (minor) => (minor === null ? null : { amount: amount(minor) });
  return {
    product: p && {
      id: gid('prod', p.id),
      title: p.title,
      handle: p.handle,
      description: p.description,
      status: p.status,
      vendor: p.vendor,
      productType: p.product_type,
      tags: p.tags,
      seoTitle: p.seo_title,
      seoDescription: p.seo_description,
      version: p.version,
      updatedAt: iso(p.updated_at),
      category: p.cat_id && { id: gid('cat', p.cat_id), name: p.cat_name },
      collections: collections.rows.map((c) => ({ id: gid('col', c.id), title: c.title })),
      options: p.options,
      media: media.rows.map((m) => ({
        id: gid('med', m.id),
        alt: m.alt,
        filename: m.filename,
        width: m.width,
        height: m.height,
        thumbnailUrl: `/media/${m.content_hash}-256.webp`,
      })),
      variants: variants.rows.map((v) => ({
        id: gid('var', v.id),
        title: v.title,
        optionValues: v.option_values,
        sku: v.sku,
        barcode: v.barcode,
        price: price(v.price),
        compareAtPrice: price(v.compare_at_price),
        costPrice: price(v.cost_price),
        weightGrams: v.weight_grams,
        trackInventory: v.track_inventory,
        allowBackorder: v.allow_backorder,
        lowStockThreshold: v.low_stock_threshold,
        version: v.version,
      })),
    },
    shop: { currencyCode: currency },
    categories: categories.rows.map((c) => ({
      id: gid('cat', c.id),
      name: c.name,
      parent: c.parent_id && { id: gid('cat', c.parent_id) },
    })),
  };
}
