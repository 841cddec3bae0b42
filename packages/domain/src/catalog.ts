import { z } from 'zod';
import { currencyDecimals, formatMinor, maxMinor, parseMoney } from './money.js';
import { nameSchema, optionalText } from './validation.js';

/** SPEC §5 and §9 limits for the catalog. */
export const CATALOG_LIMITS = {
  options: 3,
  optionValues: 100,
  variants: 2000,
  tags: 250,
  description: 65_535,
  sku: 64,
  barcode: 64,
  weightGrams: 1_000_000,
  handle: 255,
} as const;

export const PRODUCT_STATUSES = ['DRAFT', 'ACTIVE', 'ARCHIVED'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * Cross-field rules run even when another field already failed, so a form learns every problem at
 * once (zod skips refinements after a failure unless told otherwise). They guard their own inputs.
 */
export const ALWAYS = { when: () => true } as const;

export const HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** "Linen Shirt — Blue!" → "linen-shirt-blue"; "" when nothing usable is left. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATALOG_LIMITS.handle)
    .replace(/-+$/, '');
}

export const handleSchema = z
  .string()
  .trim()
  .max(CATALOG_LIMITS.handle, { message: `Use at most ${CATALOG_LIMITS.handle} characters.` })
  .regex(HANDLE_PATTERN, { message: 'Use lowercase letters, digits and single hyphens, like linen-shirt.' });

/** Tags: trimmed, 1–255 each, at most 250, duplicates (ignoring case) dropped. */
export const tagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, { message: 'A tag cannot be empty.' })
      .max(255, { message: 'Use at most 255 characters per tag.' }),
  )
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => (seen.has(t.toLowerCase()) ? false : (seen.add(t.toLowerCase()), true)));
  })
  .refine((tags) => tags.length <= CATALOG_LIMITS.tags, {
    message: `A product can have at most ${CATALOG_LIMITS.tags} tags.`,
  });

/** A money amount written as a decimal string in the store's currency. */
export function moneySchema(currencyCode: string) {
  const decimals = currencyDecimals(currencyCode);
  const max = maxMinor(currencyCode);
  return z.string().transform((value, ctx) => {
    const minor = parseMoney(value, currencyCode);
    if (minor === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          decimals === 0
            ? 'Enter a whole amount, like 20.'
            : `Enter an amount like 19.99, with at most ${decimals} decimals.`,
      });
      return z.NEVER;
    }
    if (minor > max) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: max,
        message: `Enter at most ${formatMinor(max, currencyCode)}.`,
        input: value,
      });
      return z.NEVER;
    }
    return minor;
  });
}

export const optionsSchema = z
  .array(
    z.object({
      name: nameSchema,
      values: z
        .array(
          z
            .string()
            .trim()
            .min(1, { message: 'An option value cannot be empty.' })
            .max(255, { message: 'Use at most 255 characters.' }),
        )
        .min(1, { message: 'Give the option at least one value.' })
        .max(CATALOG_LIMITS.optionValues, {
          message: `An option can have at most ${CATALOG_LIMITS.optionValues} values.`,
        })
        .superRefine((values, ctx) => {
          const seen = new Set<string>();
          values.forEach((v, i) => {
            if (seen.has(v.toLowerCase()))
              ctx.addIssue({
                code: 'custom',
                path: [i],
                message: `"${v}" is already a value of this option.`,
              });
            seen.add(v.toLowerCase());
          });
        }),
    }),
  )
  .max(CATALOG_LIMITS.options, { message: `A product can have at most ${CATALOG_LIMITS.options} options.` })
  .superRefine((options, ctx) => {
    const seen = new Set<string>();
    options.forEach((o, i) => {
      if (seen.has(o.name.toLowerCase()))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'name'],
          message: `There is already an option named "${o.name}".`,
        });
      seen.add(o.name.toLowerCase());
    });
  });

export type ProductOptionInput = z.output<typeof optionsSchema>[number];

/**
 * A schema of a currency, built once and kept: building a zod schema (and the fast path zod compiles
 * for it on its first parse) costs far more than a parse, and an import checks thousands of products.
 * Schemas are immutable, so one per currency serves every caller.
 */
function perCurrency<T>(build: (currencyCode: string) => T): (currencyCode: string) => T {
  const built = new Map<string, T>();
  return (currencyCode) => {
    let schema = built.get(currencyCode);
    if (!schema) built.set(currencyCode, (schema = build(currencyCode)));
    return schema;
  };
}

export const variantSchema = perCurrency(buildVariantSchema);

function buildVariantSchema(currencyCode: string) {
  const money = moneySchema(currencyCode);
  return z
    .object({
      id: z.string().optional(),
      optionValues: z.array(z.string().trim()).default([]),
      sku: z
        .string()
        .trim()
        .max(CATALOG_LIMITS.sku, { message: `Use at most ${CATALOG_LIMITS.sku} characters.` })
        .regex(/^\S*$/, { message: 'A SKU cannot contain spaces.' })
        .nullish()
        .transform((v) => v || null),
      barcode: z
        .string()
        .trim()
        .max(CATALOG_LIMITS.barcode, { message: `Use at most ${CATALOG_LIMITS.barcode} characters.` })
        .nullish()
        .transform((v) => v || null),
      price: money,
      compareAtPrice: money.nullish().transform((v) => v ?? null),
      costPrice: money.nullish().transform((v) => v ?? null),
      weightGrams: z
        .number()
        .int({ message: 'Enter the weight in whole grams.' })
        .min(0, { message: 'Weight cannot be negative.' })
        .max(CATALOG_LIMITS.weightGrams, { message: 'Enter at most 1,000,000 grams.' })
        .nullish()
        .transform((v) => v ?? null),
      trackInventory: z.boolean().default(true),
      allowBackorder: z.boolean().default(false),
      lowStockThreshold: z
        .number()
        .int()
        .min(0, { message: 'Use 0 or more.' })
        .max(1_000_000_000)
        .nullish()
        .transform((v) => v ?? null),
    })
    .superRefine((v, ctx) => {
      if (
        typeof v.compareAtPrice === 'number' &&
        typeof v.price === 'number' &&
        v.compareAtPrice <= v.price
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['compareAtPrice'],
          message: 'Compare-at price must be higher than the price.',
        });
      }
    }, ALWAYS);
}

export type VariantInput = z.output<ReturnType<typeof variantSchema>>;

export const productSchema = perCurrency(buildProductSchema);

function buildProductSchema(currencyCode: string) {
  return z
    .object({
      title: nameSchema,
      handle: z
        .union([z.literal(''), handleSchema])
        .nullish()
        .transform((v) => v || null),
      description: z
        .string()
        .max(CATALOG_LIMITS.description, { message: 'Use at most 65,535 characters.' })
        .default(''),
      status: z.enum(PRODUCT_STATUSES).default('DRAFT'),
      vendor: optionalText(255),
      productType: optionalText(255),
      categoryId: z.string().nullish(),
      tags: tagsSchema.default([]),
      options: optionsSchema.default([]),
      variants: z
        .array(variantSchema(currencyCode))
        .max(CATALOG_LIMITS.variants, {
          message: `A product can have at most ${CATALOG_LIMITS.variants.toLocaleString('en-US')} variants.`,
        })
        .default([]),
      seoTitle: optionalText(255),
      seoDescription: optionalText(1000),
      version: z.number().int().nullish(),
    })
    .superRefine((p, ctx) => {
      if (
        !Array.isArray(p.variants) ||
        !Array.isArray(p.options) ||
        p.options.some((o) => !o || !Array.isArray(o.values))
      )
        return;
      // Each variant names one value of each option, and no two variants name the same ones.
      const seen = new Map<string, number>();
      p.variants.forEach((v, i) => {
        if (!v || !Array.isArray(v.optionValues)) return;
        if (v.optionValues.length !== p.options.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', i, 'optionValues'],
            message: p.options.length
              ? `Choose a value for each of: ${p.options.map((o) => o.name).join(', ')}.`
              : 'A product without options has no option values.',
          });
          return;
        }
        v.optionValues.forEach((value, j) => {
          const option = p.options[j]!;
          if (!option.values.some((x) => x.toLowerCase() === value.toLowerCase())) {
            ctx.addIssue({
              code: 'custom',
              path: ['variants', i, 'optionValues', j],
              message: `"${value}" is not a value of ${option.name}.`,
            });
          }
        });
        const key = v.optionValues.map((x) => x.toLowerCase()).join('\u0000');
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', i, 'optionValues'],
            message: `Another variant is already ${v.optionValues.join(' / ') || 'the default'}.`,
          });
        }
        seen.set(key, i);
      });
      const skus = new Map<string, number>();
      p.variants.forEach((v, i) => {
        if (!v || typeof v.sku !== 'string' || !v.sku) return;
        if (skus.has(v.sku.toLowerCase()))
          ctx.addIssue({
            code: 'custom',
            path: ['variants', i, 'sku'],
            message: `SKU ${v.sku} is used by another variant of this product.`,
          });
        skus.set(v.sku.toLowerCase(), i);
      });
    }, ALWAYS);
}

export type ProductInput = z.output<ReturnType<typeof productSchema>>;

/** Every combination of the options' values, in order: the variant matrix. */
export function variantMatrix(options: readonly { values: readonly string[] }[]): string[][] {
  return options.reduce<string[][]>(
    (rows, o) => rows.flatMap((row) => o.values.map((v) => [...row, v])),
    [[]],
  );
}

export function variantTitle(optionValues: readonly string[]): string {
  return optionValues.length ? optionValues.join(' / ') : 'Default';
}

/** A collection's products are picked by staff (MANUAL) or by its rules (AUTOMATED). */
export const COLLECTION_KINDS = ['MANUAL', 'AUTOMATED'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];
/** Whether a product must meet all of an automated collection's rules or any one. */
export const COLLECTION_RULE_MATCHES = ['ALL', 'ANY'] as const;
export type CollectionRuleMatch = (typeof COLLECTION_RULE_MATCHES)[number];

/** Automated collection rules (SPEC §3). */
export const COLLECTION_RULE_FIELDS = [
  'tag',
  'vendor',
  'productType',
  'title',
  'price',
  'compareAtPrice',
  'inventory',
  'category',
] as const;
export const COLLECTION_RULE_RELATIONS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'greaterThan',
  'lessThan',
] as const;
export type CollectionRuleField = (typeof COLLECTION_RULE_FIELDS)[number];
export type CollectionRuleRelation = (typeof COLLECTION_RULE_RELATIONS)[number];

const TEXT_RELATIONS: readonly CollectionRuleRelation[] = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
];
const NUMBER_RELATIONS: readonly CollectionRuleRelation[] = [
  'equals',
  'notEquals',
  'greaterThan',
  'lessThan',
];

export const RULE_RELATIONS_BY_FIELD: Record<CollectionRuleField, readonly CollectionRuleRelation[]> = {
  tag: TEXT_RELATIONS,
  vendor: TEXT_RELATIONS,
  productType: TEXT_RELATIONS,
  title: TEXT_RELATIONS,
  category: ['equals', 'notEquals'],
  price: NUMBER_RELATIONS,
  compareAtPrice: NUMBER_RELATIONS,
  inventory: NUMBER_RELATIONS,
};

export function collectionSchema(currencyCode: string) {
  return z
    .object({
      title: nameSchema,
      handle: z
        .union([z.literal(''), handleSchema])
        .nullish()
        .transform((v) => v || null),
      description: z
        .string()
        .max(CATALOG_LIMITS.description, { message: 'Use at most 65,535 characters.' })
        .nullish()
        .transform((v) => v ?? ''),
      kind: z.enum(COLLECTION_KINDS),
      match: z.enum(COLLECTION_RULE_MATCHES).default('ALL'),
      rules: z
        .array(
          z.object({
            field: z.enum(COLLECTION_RULE_FIELDS, {
              message: `Choose one of: ${COLLECTION_RULE_FIELDS.join(', ')}.`,
            }),
            relation: z.enum(COLLECTION_RULE_RELATIONS, {
              message: `Choose one of: ${COLLECTION_RULE_RELATIONS.join(', ')}.`,
            }),
            value: z
              .string()
              .trim()
              .min(1, { message: 'Enter a value.' })
              .max(255, { message: 'Use at most 255 characters.' }),
          }),
        )
        .max(60, { message: 'A collection can have at most 60 rules.' })
        .default([]),
    })
    .superRefine((c, ctx) => {
      if (!Array.isArray(c.rules)) return;
      if (c.kind === 'AUTOMATED' && c.rules.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules'],
          message: 'An automated collection needs at least one rule.',
        });
      }
      if (c.kind === 'MANUAL' && c.rules.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules'],
          message: 'A manual collection has no rules; pick its products instead.',
        });
      }
      c.rules.forEach((r, i) => {
        if (!r || !(r.field in RULE_RELATIONS_BY_FIELD)) return;
        if (!RULE_RELATIONS_BY_FIELD[r.field].includes(r.relation)) {
          ctx.addIssue({
            code: 'custom',
            path: ['rules', i, 'relation'],
            message: `"${r.field}" can be: ${RULE_RELATIONS_BY_FIELD[r.field].join(', ')}.`,
          });
        }
        if (r.field === 'inventory' && typeof r.value === 'string' && !/^-?\d{1,10}$/.test(r.value.trim())) {
          ctx.addIssue({
            code: 'custom',
            path: ['rules', i, 'value'],
            message: 'Enter a whole number of units.',
          });
        }
        if (
          (r.field === 'price' || r.field === 'compareAtPrice') &&
          typeof r.value === 'string' &&
          parseMoney(r.value, currencyCode) === null
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['rules', i, 'value'],
            message: 'Enter an amount like 19.99.',
          });
        }
      });
    }, ALWAYS);
}

export type CollectionInput = z.output<ReturnType<typeof collectionSchema>>;
