import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Category, Media, Variant } from './catalog.model.js';
import { toLocation, type InventoryLevel, type Location } from '../inventory/inventory.model.js';

/** Which relations of a page of products the caller will show. */
export interface ProductPageWants {
  variants: boolean;
  levels: boolean;
  /** The levels' locations. */
  locations: boolean;
  media: boolean;
  categories: boolean;
}

export interface ProductPageRelations {
  variantsByProduct: Map<string, Variant[]>;
  levelsByVariant: Map<string, InventoryLevel[]>;
  mediaByProduct: Map<string, Media[]>;
  categories: Category[];
  locations: Location[];
}

/*
 * Each related row travels as a JSON array of its columns in a fixed order (no key repeated per
 * row, timestamps as epoch milliseconds), read back by the matching function below: the whole row,
 * so the objects primed from it are the ones a loader would read.
 */
const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)`;

const CATEGORY = sql.raw(`json_build_array(c.id, c.name, c.handle, c.description, c.parent_id, c.position,
  ${ms('c.created_at')}, ${ms('c.updated_at')}, c.version)`);
type CategoryJson = [string, string, string, string, string | null, number, number, number, number];
const categoryOf = (a: CategoryJson): Category => ({
  id: a[0],
  name: a[1],
  handle: a[2],
  description: a[3],
  parentId: a[4],
  position: a[5],
  createdAt: new Date(a[6]),
  updatedAt: new Date(a[7]),
  version: a[8],
});

const MEDIA = sql.raw(`json_build_array(m.id, m.product_id, m.position, m.alt, m.content_hash, m.mime_type,
  m.width, m.height, m.size_bytes, m.filename, ${ms('m.created_at')}, ${ms('m.updated_at')}, m.version)`);
type MediaJson = [
  string,
  string,
  number,
  string,
  string,
  string,
  number,
  number,
  number,
  string,
  number,
  number,
  number,
];
const mediaOf = (a: MediaJson): Media => ({
  id: a[0],
  productId: a[1],
  position: a[2],
  alt: a[3],
  contentHash: a[4],
  mimeType: a[5],
  width: a[6],
  height: a[7],
  sizeBytes: a[8],
  filename: a[9],
  createdAt: new Date(a[10]),
  updatedAt: new Date(a[11]),
  version: a[12],
});

/** A variant's levels by fulfillment priority (`v` is the variant). */
const LEVELS = sql.raw(`(select coalesce(json_agg(json_build_array(il.id, il.variant_id, il.location_id,
    il.on_hand, il.committed, il.incoming, ${ms('il.created_at')}, ${ms('il.updated_at')}, il.version)
    order by loc.fulfillment_priority, il.location_id), '[]')
  from inventory_levels il join locations loc on loc.id = il.location_id where il.variant_id = v.id)`);
type LevelJson = [string, string, string, number, number, number, number, number, number];
const levelOf = (a: LevelJson): InventoryLevel => ({
  id: a[0],
  variantId: a[1],
  locationId: a[2],
  onHand: a[3],
  committed: a[4],
  incoming: a[5],
  createdAt: new Date(a[6]),
  updatedAt: new Date(a[7]),
  version: a[8],
});

/** A variant's columns (`v` is the variant); its levels follow them when asked for. */
const VARIANT_COLUMNS = sql.raw(`v.id, v.product_id, v.title, v.option_values, v.sku, v.barcode, v.price,
  v.compare_at_price, v.cost_price, v.weight_grams, v.track_inventory, v.allow_backorder,
  v.low_stock_threshold, v.position, ${ms('v.created_at')}, ${ms('v.updated_at')}, v.version`);
type VariantJson = [
  string,
  string,
  string,
  string[],
  string | null,
  string | null,
  number,
  number | null,
  number | null,
  number | null,
  boolean,
  boolean,
  number | null,
  number,
  number,
  number,
  number,
  LevelJson[]?,
];
const variantOf = (a: VariantJson): Variant => ({
  id: a[0],
  productId: a[1],
  title: a[2],
  optionValues: a[3],
  sku: a[4],
  barcode: a[5],
  price: a[6],
  compareAtPrice: a[7],
  costPrice: a[8],
  weightGrams: a[9],
  trackInventory: a[10],
  allowBackorder: a[11],
  lowStockThreshold: a[12],
  position: a[13],
  createdAt: new Date(a[14]),
  updatedAt: new Date(a[15]),
  version: a[16],
});

/**
 * The relations a product row shows, as JSON columns of the statement that reads the product (`p`):
 * for a page, PostgreSQL computes them for the rows it returns only, after its sort and limit.
 */
export function productPageColumns(want: ProductPageWants): AliasedRawBuilder<unknown, string>[] {
  const columns: AliasedRawBuilder<unknown, string>[] = [];
  if (want.categories)
    columns.push(sql`(select ${CATEGORY} from categories c where c.id = p.category_id)`.as('_page_category'));
  if (want.media)
    columns.push(
      sql`(select coalesce(json_agg(${MEDIA} order by m.position, m.id), '[]') from product_media m
        where m.product_id = p.id)`.as('_page_media'),
    );
  if (want.variants || want.levels) {
    const variant: RawBuilder<unknown> = want.levels
      ? sql`json_build_array(${VARIANT_COLUMNS}, ${LEVELS})`
      : sql`json_build_array(${VARIANT_COLUMNS})`;
    columns.push(
      sql`(select coalesce(json_agg(${variant} order by v.position, v.id), '[]') from product_variants v
        where v.product_id = p.id)`.as('_page_variants'),
    );
  }
  return columns;
}

/** Every location (a store has few), for the levels of a page. */
export async function allLocations(db: Executor): Promise<Location[]> {
  return (await db.selectFrom('locations').selectAll().execute()).map(toLocation);
}

interface PageRow {
  id: string;
  _page_category?: CategoryJson | null;
  _page_media?: MediaJson[];
  _page_variants?: VariantJson[];
}

/**
 * The relations productPageColumns read, out of the rows (which then hold the product only), with
 * the locations read beside them.
 */
export function relationsOfPageRows(rows: readonly object[], locations: Location[]): ProductPageRelations {
  const variantsByProduct = new Map<string, Variant[]>();
  const levelsByVariant = new Map<string, InventoryLevel[]>();
  const mediaByProduct = new Map<string, Media[]>();
  const categories = new Map<string, Category>();
  for (const row of rows as PageRow[]) {
    const { _page_category: category, _page_media: media, _page_variants: variants } = row;
    row._page_category = row._page_media = row._page_variants = undefined;
    if (category && !categories.has(category[0])) categories.set(category[0], categoryOf(category));
    if (media) mediaByProduct.set(row.id, media.map(mediaOf));
    if (variants)
      variantsByProduct.set(
        row.id,
        variants.map((a) => {
          const levels = a[17];
          if (levels) levelsByVariant.set(a[0], levels.map(levelOf));
          return variantOf(a);
        }),
      );
  }
  return {
    variantsByProduct,
    levelsByVariant,
    mediaByProduct,
    categories: [...categories.values()],
    locations,
  };
}

/**
 * What these products show beside their own rows — variants with their stock per location, media,
 * categories — in one statement (and the locations beside it), whatever their number.
 */
export async function loadProductPageRelations(
  db: Executor,
  products: readonly { id: string }[],
  want: ProductPageWants,
): Promise<ProductPageRelations> {
  const ids = products.map((p) => p.id);
  const columns = productPageColumns(want);
  const [rows, locations] = await Promise.all([
    columns.length
      ? db
          .selectFrom('products as p')
          .select('p.id')
          .select(columns)
          .where(sql<boolean>`p.id = any(${sql.val(ids)}::uuid[])`)
          .execute()
      : [],
    want.locations ? allLocations(db) : [],
  ]);
  return relationsOfPageRows(rows, locations);
}
