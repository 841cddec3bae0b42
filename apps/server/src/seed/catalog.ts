import { slugify, variantMatrix, variantTitle } from '@stockroom/domain';
import sharp from 'sharp';
import type { Insertable } from 'kysely';
import type { DB } from '../db/database.js';
import type {
  ProductMediaTable,
  ProductTable,
  ProductVariantTable,
} from '../modules/catalog/catalog.tables.js';
import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { uuidv7 } from '../lib/uuid.js';
import { SYSTEM_ACTOR } from '../actor.js';
import { recordAudit } from '../modules/audit/audit.service.js';
import { syncAutomatedCollections } from '../modules/catalog/collection.service.js';
import { inspectBytes, mediaDir, store, type Inspected } from '../modules/catalog/media.service.js';
import type { Random } from './random.js';
import {
  APPAREL_SIZES,
  CATEGORIES,
  COLOUR_HEX,
  COLOURS,
  SHOE_SIZES,
  TAGS,
  VENDORS,
  type CategorySeed,
} from './catalog-data.js';

export const PRODUCTS_BY_SCALE = { small: 300, medium: 10_000, large: 100_000 } as const;
const BATCH = 500;

function pickSome<T>(random: Random, items: readonly T[], min: number, max: number): T[] {
  const n = Math.min(items.length, random.int(min, max));
  const start = random.int(0, items.length - n);
  return items.slice(start, start + n);
}

function optionsFor(random: Random, c: CategorySeed, small: boolean): { name: string; values: string[] }[] {
  const k = small ? 1 : 0;
  // Medium and large: about three variants a product (ARCHITECTURE §6: 300,000 for 100,000).
  const more = small ? 0 : 1;
  switch (c.options) {
    case 'apparel':
      return [
        { name: 'Size', values: pickSome(random, APPAREL_SIZES, 2 + k, 4 + 2 * k + more) },
        { name: 'Colour', values: pickSome(random, COLOURS, 1, 1 + 3 * k + more) },
      ];
    case 'shoes':
      return [
        { name: 'Size', values: pickSome(random, SHOE_SIZES, 3, 3 + 5 * k) },
        { name: 'Colour', values: pickSome(random, COLOURS, 1, 1 + 2 * k + more) },
      ];
    case 'colour':
      return random.chance(0.8)
        ? [{ name: 'Colour', values: pickSome(random, COLOURS, 1, 2 + 3 * k + more) }]
        : [];
    case 'material':
      return [{ name: 'Material', values: pickSome(random, c.materials, 1, 3 + more) }];
    default:
      return [];
  }
}

function price(random: Random, [lo, hi]: [number, number]): number {
  const dollars = random.int(lo, hi);
  return dollars * 100 + random.pick([0, 0, 50, 95, 99]);
}

/** A simple product picture: the colour of the first variant and the kind of product. */
async function pictureFor(colour: string | undefined, categoryIndex: number): Promise<Buffer> {
  const key = `${categoryIndex}|${colour ?? ''}`;
  let picture = pictures.get(key);
  if (!picture) pictures.set(key, (picture = renderPicture(colour, categoryIndex)));
  return picture;
}

// One picture per category and colour: rendered once, stored once (media is stored by content hash).
const pictures = new Map<string, Promise<Buffer>>();

async function renderPicture(colour: string | undefined, categoryIndex: number): Promise<Buffer> {
  const bg = colour
    ? (COLOUR_HEX[colour] ?? '#636e72')
    : ['#6c5ce7', '#00b894', '#e17055', '#0984e3', '#fdcb6e', '#e84393'][categoryIndex % 6]!;
  const label = CATEGORIES[categoryIndex]!.type;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.35"/></linearGradient></defs>
    <rect width="600" height="600" fill="${bg}"/><rect width="600" height="600" fill="url(#g)"/>
    <circle cx="300" cy="270" r="150" fill="#ffffff" fill-opacity="0.22"/>
    <text x="300" y="318" font-family="DejaVu Sans, Arial, sans-serif" font-size="${label.length > 8 ? 64 : 84}" font-weight="700" fill="#ffffff" text-anchor="middle">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

export async function seedCatalog(
  db: DB,
  config: Config,
  scale: keyof typeof PRODUCTS_BY_SCALE,
  random: Random,
  log: Logger,
  products?: number,
): Promise<{ products: number; variants: number }> {
  const existing = await db.selectFrom('products').select('id').limit(1).execute();
  if (existing.length) return { products: 0, variants: 0 };
  const started = Date.now();
  const total = products ?? PRODUCTS_BY_SCALE[scale];
  const withImages = scale === 'small';

  const categories = CATEGORIES.map((c, i) => ({
    id: uuidv7(),
    name: c.name,
    handle: slugify(c.name),
    description: '',
    parent_id: null,
    position: i,
  }));
  await db.insertInto('categories').values(categories).execute();

  const handles = new Set<string>();
  const inspected = new Map<Buffer, Inspected>();
  const now = Date.now();
  let variantsTotal = 0;
  const productIds: string[] = [];
  for (let offset = 0; offset < total; offset += BATCH) {
    const products: Insertable<ProductTable>[] = [];
    const variants: Insertable<ProductVariantTable>[] = [];
    const media: Insertable<ProductMediaTable>[] = [];
    for (let i = offset; i < Math.min(total, offset + BATCH); i++) {
      const ci = random.int(0, CATEGORIES.length - 1);
      const c = CATEGORIES[ci]!;
      const title = `${random.pick(c.adjectives)} ${random.pick(c.materials)} ${random.pick(c.nouns)}`;
      let handle = slugify(title);
      for (let n = 2; handles.has(handle); n++) handle = `${slugify(title)}-${n}`;
      handles.add(handle);
      const id = uuidv7(now - (total - i) * 1000);
      const options = optionsFor(random, c, scale === 'small');
      const combos = variantMatrix(options).slice(0, 24);
      const base = price(random, c.price);
      const tags = [...new Set([random.pick(TAGS), ...(random.chance(0.5) ? [random.pick(TAGS)] : [])])];
      const created = new Date(now - random.int(1, 400) * 86_400_000 - random.int(0, 86_399) * 1000);
      const variantRows = combos.map((optionValues, j) => {
        const bump = optionValues.includes('XXL') || optionValues.includes('XL') ? 500 : 0;
        const p = base + bump;
        return {
          id: uuidv7(),
          product_id: id,
          title: variantTitle(optionValues),
          option_values: optionValues,
          sku: `${c.code}-${String(i + 1).padStart(6, '0')}-${String(j + 1).padStart(2, '0')}`,
          barcode: random.chance(0.7) ? String(400_000_000_0000 + i * 100 + j) : null,
          price: p,
          compare_at_price: random.chance(0.15) ? p + random.int(5, 40) * 100 : null,
          cost_price: Math.round(p * (0.35 + random.next() * 0.2)),
          weight_grams: random.int(50, 2500),
          track_inventory: c.options !== 'none' || random.chance(0.9),
          allow_backorder: random.chance(0.05),
          low_stock_threshold: random.chance(0.1) ? random.int(2, 20) : null,
          position: j,
          created_at: created,
          updated_at: created,
        };
      });
      const prices = variantRows.map((v) => v.price);
      const status = random.chance(0.8) ? 'ACTIVE' : random.chance(0.75) ? 'DRAFT' : 'ARCHIVED';
      const vendor = random.pick(VENDORS);
      products.push({
        id,
        title,
        handle,
        description: `<p>${title} from ${vendor}. Made of ${title.split(' ')[1]!.toLowerCase()} and built to last.</p>`,
        status: status,
        vendor,
        product_type: c.type,
        category_id: categories[ci]!.id,
        tags,
        tag_keys: tags.map((t) => t.toLowerCase()),
        options: JSON.stringify(options),
        seo_title: null,
        seo_description: null,
        published_at: status === 'ACTIVE' ? created : null,
        variant_count: variantRows.length,
        min_price: Math.min(...prices),
        max_price: Math.max(...prices),
        search_text: [
          title,
          handle,
          vendor,
          c.type,
          ...variantRows.flatMap((v) => [v.sku, v.barcode ?? '']),
        ].join(' '),
        created_at: created,
        updated_at: new Date(Math.min(now, created.getTime() + random.int(0, 60) * 86_400_000)),
      });
      variants.push(...variantRows);
      productIds.push(id);
      if (withImages) {
        const bytes = await pictureFor(
          combos[0]?.find((v) => COLOURS.includes(v)),
          ci,
        );
        let image = inspected.get(bytes);
        if (!image) {
          image = await inspectBytes(bytes, `${handle}.png`, 0);
          inspected.set(bytes, image);
          await store(mediaDir(config), image);
        }
        media.push({
          id: uuidv7(),
          product_id: id,
          position: 0,
          alt: title,
          content_hash: image.hash,
          mime_type: image.mime,
          width: image.width,
          height: image.height,
          size_bytes: image.bytes.length,
          filename: `${handle}.png`,
        });
      }
    }
    await inTransaction(db, async (trx) => {
      await trx.insertInto('products').values(products).execute();
      for (let v = 0; v < variants.length; v += 1000)
        await trx
          .insertInto('product_variants')
          .values(variants.slice(v, v + 1000))
          .execute();
      if (media.length) await trx.insertInto('product_media').values(media).execute();
    });
    variantsTotal += variants.length;
  }

  const pick = (n: number) =>
    Array.from({ length: n }, () => productIds[random.int(0, productIds.length - 1)]!);
  const manual = ['Staff picks', 'Gift guide', 'Summer edit', 'Workshop favourites'];
  for (const [i, title] of manual.entries()) {
    const id = uuidv7();
    await db
      .insertInto('collections')
      .values({
        id,
        title,
        handle: slugify(title),
        description: '',
        kind: 'MANUAL',
        rules: '[]',
        match: 'ALL',
      })
      .execute();
    const members = [...new Set(pick(8 + i * 4))];
    await db
      .insertInto('collection_products')
      .values(members.map((product_id, position) => ({ collection_id: id, product_id, position })))
      .execute();
    await db.updateTable('collections').set({ product_count: members.length }).where('id', '=', id).execute();
  }
  await db
    .insertInto('collections')
    .values([
      {
        id: uuidv7(),
        title: 'Under $25',
        handle: 'under-25',
        description: 'Everything with a variant under $25.',
        kind: 'AUTOMATED',
        match: 'ALL',
        rules: JSON.stringify([{ field: 'price', relation: 'lessThan', value: '25' }]),
      },
      {
        id: uuidv7(),
        title: 'Bestsellers',
        handle: 'bestsellers',
        description: '',
        kind: 'AUTOMATED',
        match: 'ANY',
        rules: JSON.stringify([
          { field: 'tag', relation: 'equals', value: 'bestseller' },
          { field: 'tag', relation: 'equals', value: 'staff-pick' },
        ]),
      },
    ])
    .execute();
  await inTransaction(db, async (trx) => {
    await syncAutomatedCollections(trx, 'all');
    await recordAudit(trx, SYSTEM_ACTOR, {
      action: 'seed.catalog',
      subjectType: null,
      subjectId: null,
      changes: { products: { before: 0, after: total }, variants: { before: 0, after: variantsTotal } },
    });
  });
  log.info({ products: total, variants: variantsTotal, ms: Date.now() - started }, 'demo catalog seeded');
  return { products: total, variants: variantsTotal };
}
