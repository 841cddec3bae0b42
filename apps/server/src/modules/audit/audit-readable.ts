import { decodeIdOf, formatMinor } from '@stockroom/domain';
import { jobInputSummary, jobKindWords } from '@stockroom/domain';
import type { Ctx } from '../../graphql/context.js';

/** Fields recorded in minor units of the store's currency (prices, amounts, totals). */
const MONEY =
  /(^|_)(price|amount|total|subtotal|shipping|refunded|captured|cost)(_|$)|^(price|compareAtPrice|costPrice|amount)$/;

interface VariantSummary {
  title?: string;
  sku?: string | null;
  price?: number;
}

/**
 * A recorded value as a person reads it, where that needs the server: money in the store's currency
 * ("25.00 USD", not 2500), a variant list by title, SKU and price, a category by its title. Null when
 * the value reads well as it is (the admin shows text, lists and flags itself).
 */
export async function readableValue(
  field: string,
  value: unknown,
  ctx: Ctx,
  event?: { action: string; changes: Record<string, { before: unknown; after: unknown }> },
): Promise<string | null> {
  if (value === null || value === undefined) return null;
  if (event && BULK_ACTIONS.has(event.action) && typeof value === 'object') {
    if (field === 'variants') return bulkVariantsWords(value as Record<string, object>);
    if (field === 'stock') return countWords(Object.keys(value).length, 'stock level');
  }
  if (event?.action === 'job.start') {
    if (field === 'kind') return jobKindWords(value);
    // Recorded whole before it was recorded in words: summarised now.
    if (field === 'input' && typeof value === 'object') {
      const kind = event.changes['kind']?.after;
      const action = (value as { action?: { addToCollectionId?: unknown } }).action;
      const collectionId =
        typeof action?.addToCollectionId === 'string'
          ? decodeIdOf('Collection', action.addToCollectionId)
          : null;
      const collection = collectionId ? await ctx.loaders.collectionById.load(collectionId) : null;
      return jobInputSummary(kind, value, collection?.title ?? null);
    }
  }
  const money = async (minor: number) => {
    const currency = (await ctx.loaders.shop()).currencyCode;
    return `${formatMinor(minor, currency)} ${currency}`;
  };
  if (typeof value === 'number' && Number.isInteger(value) && MONEY.test(field)) return money(value);
  if (field === 'variants' && Array.isArray(value)) {
    const parts = await Promise.all(
      (value as VariantSummary[]).map(async (v) =>
        [v.title || 'Default', v.sku, typeof v.price === 'number' ? await money(v.price) : null]
          .filter(Boolean)
          .join(' · '),
      ),
    );
    return parts.join('; ') || '(none)';
  }
  if (field === 'category_id' && typeof value === 'string')
    return (await ctx.loaders.categoryById.load(value))?.name ?? 'a category since deleted';
  if (field === 'products' && Array.isArray(value))
    return `${value.length.toLocaleString('en-US')} product${value.length === 1 ? '' : 's'}`;
  if (field === 'reverted_event') return 'an earlier change (undone)';
  return null;
}

/** The bulk grid's save and its undo (issue #34): many variants and levels in one event. */
const BULK_ACTIONS = new Set(['variant.bulk_update', 'variant.revert']);

const countWords = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

const BULK_FIELD_WORDS: Record<string, string> = {
  price: 'price',
  compareAtPrice: 'compare-at price',
  cost: 'cost',
  sku: 'SKU',
  barcode: 'barcode',
  weight: 'weight',
  trackInventory: 'stock tracking',
};

/** "50 variants (price, SKU)". */
function bulkVariantsWords(byVariant: Record<string, object>): string {
  const fields = new Set(
    Object.values(byVariant).flatMap((v) => Object.keys(v ?? {}).filter((f) => f in BULK_FIELD_WORDS)),
  );
  const words = Object.keys(BULK_FIELD_WORDS)
    .filter((f) => fields.has(f))
    .map((f) => BULK_FIELD_WORDS[f])
    .join(', ');
  return countWords(Object.keys(byVariant).length, 'variant') + (words ? ` (${words})` : '');
}

/** A bulk save in words, for its subject: "Bulk edit: 50 variants, 12 stock levels". */
export function bulkEditLabel(event: {
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}): string | null {
  if (!BULK_ACTIONS.has(event.action)) return null;
  const size = (field: string) => Object.keys((event.changes[field]?.after as object | null) ?? {}).length;
  const parts = [countWords(size('variants'), 'variant'), countWords(size('stock'), 'stock level')];
  return `${event.action === 'variant.revert' ? 'Bulk edit undone' : 'Bulk edit'}: ${parts.join(', ')}`;
}

/** What an event's subject is called now (title, name, code, number), through the request's loaders. */
export async function subjectLabel(type: string | null, id: string | null, ctx: Ctx): Promise<string | null> {
  if (!type || !id) return null;
  const l = ctx.loaders;
  switch (type) {
    case 'Product':
      return (await l.productById.load(id))?.title ?? null;
    case 'ProductVariant': {
      const variant = await l.variantById.load(id);
      const product = variant ? await l.productById.load(variant.productId) : null;
      return variant && product ? `${product.title} · ${variant.title}` : null;
    }
    case 'Collection':
      return (await l.collectionById.load(id))?.title ?? null;
    case 'Category':
      return (await l.categoryById.load(id))?.name ?? null;
    case 'Customer': {
      const c = await l.customerById.load(id);
      if (!c || c.state === 'ERASED') return null;
      return [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email;
    }
    case 'Order': {
      const order = await l.orderById.load(id);
      return order ? `${(await l.shop()).orderNumberPrefix}${order.number}` : null;
    }
    case 'Discount':
      return (await l.discountById.load(id))?.code ?? null;
    case 'Staff': {
      const staff = await l.staffById.load(id);
      return staff ? staff.name || staff.email : null;
    }
    case 'Location':
      return (await l.locationById.load(id))?.name ?? null;
    default:
      return null;
  }
}
