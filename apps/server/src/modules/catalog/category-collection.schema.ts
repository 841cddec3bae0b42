import { listBound } from '../../graphql/cost.js';
import {
  decodeIdOf,
  COLLECTION_KINDS,
  COLLECTION_RULE_FIELDS,
  COLLECTION_RULE_MATCHES,
  COLLECTION_RULE_RELATIONS,
  type UserError,
} from '@stockroom/domain';
import type { Category, Collection, CollectionRuleJson } from './catalog.model.js';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  command,
  countWhenAsked,
  toConnection,
  UserErrorRef,
  UNDO_EVENT_DESCRIPTION,
  undoEventId,
} from '../../graphql/builder.js';
import { DomainError } from '@stockroom/domain';
import { listCollectionProducts, listCollections } from './catalog-list.service.js';
import { ProductRef } from './product.schema.js';
import * as categories from './category.service.js';
import * as collections from './collection.service.js';

export const CategoryRef = builder.objectRef<Category>('Category');
builder.node(CategoryRef, {
  description: 'A place in the category tree.',
  extensions: auth.permission('CATALOG_READ'),
  id: { resolve: (c) => c.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'parentId' in o && 'name' in o,
  loadOne: (id, ctx) => ctx.loaders.categoryById.load(id),
  fields: (t) => ({
    name: t.exposeString('name'),
    handle: t.exposeString('handle'),
    description: t.exposeString('description'),
    position: t.exposeInt('position', { description: 'Order among its siblings, from 0.' }),
    parent: t.field({
      type: CategoryRef,
      nullable: true,
      resolve: (c, _a, ctx) => (c.parentId ? ctx.loaders.categoryById.load(c.parentId) : null),
    }),
    productCount: t.int({ resolve: (c, _a, ctx) => ctx.loaders.categoryProductCount.load(c.id) }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

const RuleFieldEnum = builder.enumType('CollectionRuleField', { values: COLLECTION_RULE_FIELDS });
const RuleRelationEnum = builder.enumType('CollectionRuleRelation', { values: COLLECTION_RULE_RELATIONS });
const CollectionKindEnum = builder.enumType('CollectionKind', { values: COLLECTION_KINDS });
const RuleMatchEnum = builder.enumType('CollectionRuleMatch', { values: COLLECTION_RULE_MATCHES });

const CollectionRuleRef = builder.objectRef<CollectionRuleJson>('CollectionRule').implement({
  extensions: auth.permission('CATALOG_READ'),
  fields: (t) => ({
    field: t.field({ type: RuleFieldEnum, resolve: (r) => r.field as never }),
    relation: t.field({ type: RuleRelationEnum, resolve: (r) => r.relation as never }),
    value: t.exposeString('value'),
  }),
});

export const CollectionRef = builder.objectRef<Collection>('Collection');
builder.node(CollectionRef, {
  description: 'A manual (picked and ordered) or automated (by rules) group of products.',
  extensions: auth.permission('CATALOG_READ'),
  id: { resolve: (c) => c.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'kind' in o && 'rules' in o,
  loadOne: (id, ctx) => ctx.loaders.collectionById.load(id),
  fields: (t) => ({
    title: t.exposeString('title'),
    handle: t.exposeString('handle'),
    description: t.exposeString('description'),
    kind: t.field({ type: CollectionKindEnum, resolve: (c) => c.kind }),
    match: t.field({ type: RuleMatchEnum, resolve: (c) => c.match }),
    rules: t.field({
      // collectionSchema
      extensions: listBound({ max: 60 }),
      type: [CollectionRuleRef],
      resolve: (c) => c.rules,
    }),
    productCount: t.exposeInt('productCount'),
    products: t.connection(
      {
        type: ProductRef,
        description: 'Members in the collection’s order.',
        resolve: async (c, args, ctx, info) => {
          const list = listCollectionProducts(ctx.services.db, c.id, args);
          const count = countWhenAsked(info, list.count);
          return toConnection(await list.page(), count);
        },
      },
      { name: 'CollectionProductConnection' },
      { extensions: auth.permission('CATALOG_READ'), name: 'CollectionProductEdge' },
    ),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

builder.objectField(ProductRef, 'category', (t) =>
  t.field({
    type: CategoryRef,
    nullable: true,
    resolve: (p, _a, ctx) => (p.categoryId ? ctx.loaders.categoryById.now(p.categoryId) : null),
  }),
);
builder.objectField(ProductRef, 'collections', (t) =>
  t.field({
    extensions: listBound({ counted: 'maxCollectionsPerProduct' }),
    type: [CollectionRef],
    resolve: (p, _a, ctx) => ctx.loaders.collectionsByProductId.load(p.id),
  }),
);

builder.queryFields((t) => ({
  categories: t.field({
    extensions: { ...auth.permission('CATALOG_READ'), ...listBound({ counted: 'categories' }) },
    type: [CategoryRef],
    description: 'The whole category tree, parents before children, siblings in position order.',
    resolve: (_r, _a, ctx) => categories.listCategories(ctx.services.db),
  }),
  category: t.field({
    type: CategoryRef,
    nullable: true,
    extensions: auth.permission('CATALOG_READ'),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      const uuid = decodeIdOf('Category', String(args.id));
      return uuid ? ctx.loaders.categoryById.load(uuid) : null;
    },
  }),
  collections: t.connection(
    {
      type: CollectionRef,
      description: 'Collections by title; `query` matches words of the title.',
      extensions: auth.permission('CATALOG_READ'),
      args: { query: t.arg.string() },
      resolve: async (_r, args, ctx, info) => {
        const list = listCollections(ctx.services.db, { query: args.query, page: args });
        const count = countWhenAsked(info, list.count);
        return toConnection(await list.page(), count);
      },
    },
    { name: 'CollectionConnection' },
    { name: 'CollectionEdge' },
  ),
  collection: t.field({
    type: CollectionRef,
    nullable: true,
    extensions: auth.permission('CATALOG_READ'),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      const uuid = decodeIdOf('Collection', String(args.id));
      return uuid ? ctx.loaders.collectionById.load(uuid) : null;
    },
  }),
}));

const CategoryInput = builder.inputType('CategoryInput', {
  fields: (t) => ({
    name: t.string(),
    handle: t.string(),
    description: t.string(),
    parentId: t.id({ description: 'Only on create; use categoryMove afterwards.' }),
    version: t.int(),
  }),
});

const CollectionRuleInput = builder.inputType('CollectionRuleInput', {
  fields: (t) => ({
    field: t.field({ type: RuleFieldEnum, required: true }),
    relation: t.field({ type: RuleRelationEnum, required: true }),
    value: t.string({ required: true }),
  }),
});

const CollectionInput = builder.inputType('CollectionInput', {
  fields: (t) => ({
    title: t.string(),
    handle: t.string(),
    description: t.string(),
    kind: t.field({ type: CollectionKindEnum }),
    match: t.field({ type: RuleMatchEnum }),
    rules: t.field({ type: [CollectionRuleInput] }),
    productIds: t.idList({ description: 'Manual collections: the first members, in order.' }),
    version: t.int(),
  }),
});

const CategoryPayload = builder
  .objectRef<{ category?: Category | null; userErrors: UserError[] }>('CategoryPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      category: t.field({ type: CategoryRef, nullable: true, resolve: (p) => p.category ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });
const CollectionPayload = builder
  .objectRef<{ collection?: Collection | null; userErrors: UserError[]; recordedEvents?: string[] }>(
    'CollectionPayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      collection: t.field({ type: CollectionRef, nullable: true, resolve: (p) => p.collection ?? null }),
      auditEventId: t.id({ nullable: true, description: UNDO_EVENT_DESCRIPTION, resolve: undoEventId }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });
const DeletePayload = builder
  .objectRef<{ deletedId?: string | null; userErrors: UserError[]; recordedEvents?: string[] }>(
    'DeletePayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      deletedId: t.exposeID('deletedId', { nullable: true }),
      auditEventId: t.id({ nullable: true, description: UNDO_EVENT_DESCRIPTION, resolve: undoEventId }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

function uuidOf(type: 'Category' | 'Collection', id: string | number): string {
  const uuid = decodeIdOf(type, String(id));
  if (!uuid) throw DomainError.one('INVALID', `This ${type.toLowerCase()} does not exist.`, ['id']);
  return uuid;
}

const write = auth.permission('CATALOG_WRITE');
const ids = (list: readonly (string | number)[] | null | undefined) => (list ?? []).map(String);

builder.mutationFields((t) => ({
  categoryCreate: t.field({
    type: CategoryPayload,
    extensions: write,
    args: { input: t.arg({ type: CategoryInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        category: await categories.categoryCreate(trx, ctx, {
          ...args.input,
          parentId: args.input.parentId == null ? null : String(args.input.parentId),
        }),
      })),
  }),
  categoryUpdate: t.field({
    type: CategoryPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CategoryInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        category: await categories.categoryUpdate(trx, ctx, uuidOf('Category', args.id), args.input),
      })),
  }),
  categoryMove: t.field({
    type: CategoryPayload,
    description:
      'Moves a category under another (or to the top when parentId is null) at a position among its siblings.',
    extensions: write,
    args: { id: t.arg.id({ required: true }), parentId: t.arg.id(), position: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        category: await categories.categoryMove(
          trx,
          ctx,
          uuidOf('Category', args.id),
          args.parentId == null ? null : String(args.parentId),
          args.position,
        ),
      })),
  }),
  categoryDelete: t.field({
    type: DeletePayload,
    description: 'Deletes an empty category (no subcategories, no products).',
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        await categories.categoryDelete(trx, ctx, uuidOf('Category', args.id));
        return { deletedId: String(args.id) };
      }),
  }),
  collectionCreate: t.field({
    type: CollectionPayload,
    extensions: write,
    args: { input: t.arg({ type: CollectionInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        collection: await collections.collectionCreate(trx, ctx, {
          ...args.input,
          productIds: ids(args.input.productIds),
        }),
      })),
  }),
  collectionUpdate: t.field({
    type: CollectionPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CollectionInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        collection: await collections.collectionUpdate(trx, ctx, uuidOf('Collection', args.id), {
          ...args.input,
          productIds: undefined,
        }),
      })),
  }),
  collectionDelete: t.field({
    type: DeletePayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        await collections.collectionDelete(trx, ctx, uuidOf('Collection', args.id));
        return { deletedId: String(args.id) };
      }),
  }),
  collectionAddProducts: t.field({
    type: CollectionPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), productIds: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        collection: await collections.collectionAddProducts(
          trx,
          ctx,
          uuidOf('Collection', args.id),
          ids(args.productIds),
        ),
      })),
  }),
  collectionRemoveProducts: t.field({
    type: CollectionPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), productIds: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        collection: await collections.collectionRemoveProducts(
          trx,
          ctx,
          uuidOf('Collection', args.id),
          ids(args.productIds),
        ),
      })),
  }),
  collectionReorderProducts: t.field({
    type: CollectionPayload,
    description: 'Puts the given members first, in that order; the others keep their order after them.',
    extensions: write,
    args: { id: t.arg.id({ required: true }), productIds: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        collection: await collections.collectionReorderProducts(
          trx,
          ctx,
          uuidOf('Collection', args.id),
          ids(args.productIds),
        ),
      })),
  }),
}));
