import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import {
  categoryRow,
  mediaRow,
  variantRow,
  type Category,
  type Media,
  type Variant,
} from './catalog.model.js';
import { variantStock } from './variant-stock.js';

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
  /** Each variant's levels as JSON, for the variant stock to read (catalog knows nothing of stock). */
  levelsByVariant: Map<string, unknown[]>;
  mediaByProduct: Map<string, Media[]>;
  categories: Category[];
  /** The levels' locations, as the variant stock reads them. */
  locations: unknown[];
}

const CATEGORY = categoryRow.json('c');
const MEDIA = mediaRow.json('m');
/** A variant's columns (`v` is the variant); its levels follow them when asked for. */
const VARIANT = variantRow.json('v');
type Json = unknown[];

/**
 * The relations a product row shows, as JSON columns of the statement that reads the product (`p`):
 * for a page, PostgreSQL computes them for the rows it returns only, after its sort and limit.
 */
export function productPageColumns(want: ProductPageWants): AliasedRawBuilder<unknown, string>[] {
  const columns: AliasedRawBuilder<unknown, string>[] = [];
  if (want.categories)
    columns.push(
      sql`(select ${CATEGORY.array} from categories c where c.id = p.category_id)`.as('_page_category'),
    );
  if (want.media)
    columns.push(
      sql`(select coalesce(json_agg(${MEDIA.array} order by m.position, m.id), '[]') from product_media m
        where m.product_id = p.id)`.as('_page_media'),
    );
  if (want.variants || want.levels) {
    const variant: RawBuilder<unknown> = want.levels
      ? sql`json_build_array(${sql.raw(VARIANT.items)}, ${sql.raw(variantStock().pageLevelsSql)})`
      : VARIANT.array;
    columns.push(
      sql`(select coalesce(json_agg(${variant} order by v.position, v.id), '[]') from product_variants v
        where v.product_id = p.id)`.as('_page_variants'),
    );
  }
  return columns;
}

/** Every location (a store has few), for the levels of a page. */
export function pageLocations(db: Executor): Promise<unknown[]> {
  return variantStock().pageLocations(db);
}

interface PageRow {
  id: string;
  _page_category?: Json | null;
  _page_media?: Json[];
  _page_variants?: Json[];
}

/**
 * The relations productPageColumns read, out of the rows (which then hold the product only), with
 * the locations read beside them.
 */
export function relationsOfPageRows(rows: readonly object[], locations: unknown[]): ProductPageRelations {
  const variantsByProduct = new Map<string, Variant[]>();
  const levelsByVariant = new Map<string, unknown[]>();
  const mediaByProduct = new Map<string, Media[]>();
  const categories = new Map<string, Category>();
  for (const row of rows as PageRow[]) {
    const { _page_category: category, _page_media: media, _page_variants: variants } = row;
    row._page_category = row._page_media = row._page_variants = undefined;
    if (category && !categories.has(category[0] as string))
      categories.set(category[0] as string, CATEGORY.of(category));
    if (media) mediaByProduct.set(row.id, media.map(MEDIA.of));
    if (variants)
      variantsByProduct.set(
        row.id,
        variants.map((a) => {
          const levels = a[VARIANT.length] as Json[] | undefined;
          if (levels) levelsByVariant.set(a[0] as string, levels);
          return VARIANT.of(a);
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
    want.locations ? pageLocations(db) : [],
  ]);
  return relationsOfPageRows(rows, locations);
}
