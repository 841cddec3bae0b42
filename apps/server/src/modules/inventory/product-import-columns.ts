import { PRODUCT_EXPORT_COLUMNS, STOCK_COLUMN_PREFIX } from '@stockroom/domain';
import type { ImportColumn, ImportRowProblem } from '../jobs/import.model.js';
import type { Location } from './inventory.model.js';

/**
 * The columns of the products import (issue #29): what the products export writes (Shopify's
 * product CSV plus `Stock: <location>`), a `Delete` column, and Shopify's columns Stockroom has no
 * field for, accepted and ignored so that a real Shopify export imports with no edits.
 */

const READ: Record<string, string> = {
  Handle:
    'The product’s handle: rows with the same handle are one product (its own fields on its first row). An existing handle updates that product; a new one makes a product.',
  Title: 'The product’s name (first row of the product). Needed for a new product.',
  'Body (HTML)': 'The description, as HTML (first row).',
  Vendor: 'The vendor (first row).',
  Type: 'The product type (first row).',
  Tags: 'Tags, separated by commas (first row).',
  Status: 'active, draft or archived (first row).',
  Published: 'Used only without a Status column: TRUE makes the product active, FALSE a draft.',
  'Option1 Name':
    'The first option’s name, like Size (first row). Title with value “Default Title” means no options.',
  'Option1 Value': 'The variant’s value of the first option, like M.',
  'Option2 Name': 'The second option’s name (first row).',
  'Option2 Value': 'The variant’s value of the second option.',
  'Option3 Name': 'The third option’s name (first row).',
  'Option3 Value': 'The variant’s value of the third option.',
  'Variant SKU': 'The variant’s SKU; a variant is found by its SKU (any case), else by its option values.',
  'Variant Grams': 'The variant’s weight in whole grams.',
  'Variant Inventory Tracker': 'shopify (or any value): the variant tracks stock; empty: it does not.',
  'Variant Inventory Policy': 'deny: no sale without stock; continue: sell when out of stock.',
  'Variant Price': 'The price, like 19.99 (at most the currency’s decimals). Needed for a new variant.',
  'Variant Compare At Price': 'The compare-at price, above the price; empty for none.',
  'Variant Barcode': 'The barcode (ISBN, UPC, GTIN…).',
  'Image Src':
    'An image: a web address (https://…, fetched when the import is applied) or an image of this product as the export writes it (/media/…).',
  'Image Position': 'The image’s place (read for information; new images are added after the existing ones).',
  'Image Alt Text': 'The image’s alternative text.',
  'SEO Title': 'The page title for search engines (first row).',
  'SEO Description': 'The description for search engines (first row).',
  'Variant Weight Unit': 'g, kg, lb or oz: how the weight is shown (the weight itself is Variant Grams).',
  'Cost per item': 'What the variant costs you, like 7.25; empty for unknown.',
  Delete:
    'TRUE or yes on a variant’s row deletes that variant (refused if it is on orders). A variant missing from the file is never deleted.',
};

/** Shopify's columns Stockroom has no field for: accepted, ignored. */
const IGNORED = [
  'Product Category',
  'Variant Inventory Qty',
  'Variant Fulfillment Service',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Tax Code',
  'Gift Card',
  'Variant Image',
  'Option1 Linked To',
  'Option2 Linked To',
  'Option3 Linked To',
  'Google Shopping / Google Product Category',
  'Google Shopping / Gender',
  'Google Shopping / Age Group',
  'Google Shopping / MPN',
  'Google Shopping / Condition',
  'Google Shopping / Custom Product',
  'Included / <market>',
  'Price / <market>',
  'Compare At Price / <market>',
];
const IGNORED_PREFIXES = [
  'google shopping / ',
  'included / ',
  'price / ',
  'compare at price / ',
  'metafield: ',
  'variant metafield: ',
];

export const DELETE_COLUMN = 'Delete';

/** The canonical name of a column Stockroom reads (any case in the file), or null. */
export function readColumn(header: string): string | null {
  const lower = header.toLowerCase();
  return Object.keys(READ).find((c) => c.toLowerCase() === lower) ?? null;
}

export function isIgnoredColumn(header: string): boolean {
  const lower = header.toLowerCase();
  return (
    IGNORED.some((c) => c.toLowerCase() === lower) ||
    IGNORED_PREFIXES.some((p) => lower.startsWith(p)) ||
    // Shopify's metafield columns: "Color (product.metafields.shopify.color-pattern)".
    /\((product|variant)\.metafields\./.test(lower)
  );
}

/** The location a `Stock: <name>` column names (any case), or undefined; null when it is not a stock column. */
export function stockLocation(header: string, locations: readonly Location[]): Location | undefined | null {
  if (!header.toLowerCase().startsWith(STOCK_COLUMN_PREFIX.toLowerCase())) return null;
  const name = header.slice(STOCK_COLUMN_PREFIX.length).trim().toLowerCase();
  return locations.find((l) => l.name.toLowerCase() === name);
}

export function productImportColumns(locations: readonly Location[]): ImportColumn[] {
  const order = [...PRODUCT_EXPORT_COLUMNS, 'Published', DELETE_COLUMN];
  return [
    ...order.map((name) => ({ name, required: name === 'Handle', description: READ[name]! })),
    ...locations.map((l) => ({
      name: `${STOCK_COLUMN_PREFIX}${l.name}`,
      required: false,
      description: `Units on hand at ${l.name}: the count is set to this number (recorded as an import in the stock history); empty leaves it.`,
    })),
    ...IGNORED.map((name) => ({
      name,
      required: false,
      description: 'Ignored: Shopify writes it; Stockroom has no field for it.',
    })),
    {
      name: 'Google Shopping / …, Metafield: …, … (product.metafields.…)',
      required: false,
      description: 'Ignored: Shopify writes them; Stockroom has no field for them.',
    },
  ];
}

export function checkProductHeader(
  headers: readonly string[],
  locations: readonly Location[],
): ImportRowProblem[] {
  const problems: ImportRowProblem[] = [];
  const seen = new Set<string>();
  for (const header of headers) {
    const key = header.toLowerCase();
    if (seen.has(key)) {
      problems.push({
        column: header,
        code: 'INVALID',
        message: `The column "${header}" is in the file twice.`,
      });
      continue;
    }
    seen.add(key);
    const location = stockLocation(header, locations);
    if (location === undefined)
      problems.push({
        column: header,
        code: 'INVALID',
        message: `There is no location named "${header.slice(STOCK_COLUMN_PREFIX.length).trim()}"; add it in Settings → Locations, or rename or remove the column.`,
      });
    else if (location === null && !readColumn(header) && !isIgnoredColumn(header))
      problems.push({
        column: header,
        code: 'INVALID',
        message: `Stockroom does not know the column "${header}". Use the columns of a products export (or of Shopify’s), or remove it.`,
      });
  }
  if (!seen.has('handle'))
    problems.push({
      column: 'Handle',
      code: 'REQUIRED',
      message: 'The file needs a Handle column: it says which rows are one product.',
    });
  return problems;
}
