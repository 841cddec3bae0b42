import { variantTitle, type ProductInput } from '@stockroom/domain';
import { sanitizeDescription } from '../catalog/sanitize.js';
import type { PlanInput } from './product-import-plan.js';
import { change, OWN_MEDIA, problem, STATUS_WORDS, type GroupPlan } from './product-import-sheet.js';

/**
 * What a valid group changes, in the export's formats (before → after, per row and column), and
 * the problems only the stored records show (an image of another product). Answers whether the
 * product itself (its fields or variants) changes.
 */
export function describeChanges(p: PlanInput, plan: GroupPlan, after: ProductInput): boolean {
  const { product, sheet, money } = p;
  const rows = plan.rows;
  const firstChanges = rows[0]!.changes;
  if (product) {
    change(firstChanges, 'Title', product.title, after.title);
    change(firstChanges, 'Body (HTML)', product.description, sanitizeDescription(after.description));
    change(firstChanges, 'Vendor', product.vendor, after.vendor);
    change(firstChanges, 'Type', product.productType, after.productType);
    change(firstChanges, 'Tags', product.tags.join(', '), after.tags.join(', '));
    change(firstChanges, 'Status', STATUS_WORDS[product.status], STATUS_WORDS[after.status]);
    change(firstChanges, 'SEO Title', product.seoTitle, after.seoTitle);
    change(firstChanges, 'SEO Description', product.seoDescription, after.seoDescription);
    const words = (o: { name: string; values: string[] }[]) =>
      o.map((x) => `${x.name}: ${x.values.join(', ')}`).join(' / ');
    change(firstChanges, 'Options', words(product.options), words(after.options));
  }
  for (const row of rows) {
    if (row.deleted) {
      row.changes.push({ field: 'Variant', before: row.match!.title, after: null });
      continue;
    }
    if (row.inputIndex === null || !row.variantRow) continue;
    const v = after.variants[row.inputIndex]!;
    const was = row.match;
    change(row.changes, 'Variant', was?.title, variantTitle(v.optionValues));
    change(row.changes, 'Variant SKU', was?.sku, v.sku);
    change(row.changes, 'Variant Price', money(was?.price), money(v.price));
    change(row.changes, 'Variant Compare At Price', money(was?.compareAtPrice), money(v.compareAtPrice));
    change(row.changes, 'Cost per item', money(was?.costPrice), money(v.costPrice));
    change(row.changes, 'Variant Barcode', was?.barcode, v.barcode);
    change(row.changes, 'Variant Grams', was?.weightGrams, v.weightGrams);
    change(
      row.changes,
      'Variant Inventory Tracker',
      was ? (was.trackInventory ? 'shopify' : '') : '',
      v.trackInventory ? 'shopify' : '',
    );
    change(
      row.changes,
      'Variant Inventory Policy',
      was ? (was.allowBackorder ? 'continue' : 'deny') : '',
      v.allowBackorder ? 'continue' : 'deny',
    );
  }
  // The product's own changes beyond the first row's variant count as the product's update.
  const productChanged = rows.some((r) => r.changes.length > 0);
  for (const row of rows) {
    for (const s of row.stock) {
      const level = row.match ? p.levelOf.get(`${row.match.id}/${s.location.id}`) : undefined;
      change(
        row.changes,
        sheet.stock.find((x) => x.location === s.location)!.header,
        level?.onHand ?? (row.match ? 0 : null),
        s.onHand,
      );
    }
    if (row.image) {
      const own = OWN_MEDIA.exec(row.image.src);
      if (own) {
        const m = p.media.find((x) => x.contentHash === own[1]!.toLowerCase());
        if (!m)
          row.problems.push(
            problem(
              'Image Src',
              'INVALID',
              `${row.image.src} is not an image of this product; give the image’s web address to add it.`,
            ),
          );
        else if (row.image.alt !== undefined) change(row.changes, 'Image Alt Text', m.alt, row.image.alt);
      } else if (/^https?:\/\//i.test(row.image.src)) {
        change(row.changes, 'Image Src', null, row.image.src);
      } else
        row.problems.push(
          problem(
            'Image Src',
            'INVALID',
            `"${row.image.src}" is neither a web address (https://…) nor an image of this product (/media/…).`,
          ),
        );
    }
  }
  return productChanged;
}
