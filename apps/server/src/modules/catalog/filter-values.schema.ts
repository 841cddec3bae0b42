import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder.js';
import { auth } from '../../graphql/auth.js';
import { customerTagValues, PRODUCT_FILTER_FIELDS, productFilterValues } from './filter-values.repository.js';

/** Bounds of the filter pickers' lists, checked before anything runs. */
export const FILTER_VALUES_MAX = 100;
export const FILTER_VALUES_DEFAULT = 50;
const CONTAINS_MAX_LENGTH = 100;

function bounds(contains: string | null | undefined, first: number | null | undefined) {
  const text = (contains ?? '').trim();
  if (text.length > CONTAINS_MAX_LENGTH) {
    throw new GraphQLError(`"contains" can be at most ${CONTAINS_MAX_LENGTH} characters; shorten it.`, {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  const n = first ?? FILTER_VALUES_DEFAULT;
  if (!Number.isInteger(n) || n < 1 || n > FILTER_VALUES_MAX) {
    throw new GraphQLError(`"first" must be between 1 and ${FILTER_VALUES_MAX} values.`, {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  return { text, n };
}

const ProductFilterFieldEnum = builder.enumType('ProductFilterField', {
  description: 'A product field whose values the list filters offer.',
  values: PRODUCT_FILTER_FIELDS,
});

builder.queryFields((t) => ({
  productFilterValues: t.stringList({
    description: `Values in use for a product list filter (vendor, product type, tag, category name, collection title), alphabetical, those containing \`contains\`; at most ${FILTER_VALUES_MAX} (BAD_REQUEST beyond).`,
    extensions: auth.permission('CATALOG_READ'),
    args: {
      field: t.arg({ type: ProductFilterFieldEnum, required: true }),
      contains: t.arg.string(),
      first: t.arg.int({ defaultValue: FILTER_VALUES_DEFAULT }),
    },
    resolve: (_r, args, ctx) => {
      const { text, n } = bounds(args.contains, args.first);
      return productFilterValues(ctx.services.db, args.field, text, n);
    },
  }),
  customerTagValues: t.stringList({
    description: `Customer tags in use, alphabetical, those containing \`contains\`; at most ${FILTER_VALUES_MAX} (BAD_REQUEST beyond).`,
    extensions: auth.permission('CUSTOMERS_READ'),
    args: {
      contains: t.arg.string(),
      first: t.arg.int({ defaultValue: FILTER_VALUES_DEFAULT }),
    },
    resolve: (_r, args, ctx) => {
      const { text, n } = bounds(args.contains, args.first);
      return customerTagValues(ctx.services.db, text, n);
    },
  }),
}));
