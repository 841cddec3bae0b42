import { listBound } from '../../graphql/cost.js';
import { decodeIdOf, type UserError } from '@stockroom/domain';
import type { Media } from './catalog.model.js';
import { auth } from '../../graphql/auth.js';
import { builder, command, payload, UserErrorRef } from '../../graphql/builder.js';
import { DomainError } from '@stockroom/domain';
import { ProductRef } from './product.schema.js';
import * as media from './media.service.js';
import { findMedia } from './media.repository.js';

builder.scalarType('File', {
  description: 'An uploaded file (GraphQL multipart request).',
  extensions: auth.public,
  serialize: () => {
    throw new Error('File is an input only.');
  },
  parseValue: (value) => {
    // Yoga hands over its own File implementation; check the shape, not the class.
    const f = value as Partial<File> | null;
    if (!f || typeof f.arrayBuffer !== 'function' || typeof f.name !== 'string' || typeof f.size !== 'number')
      throw new DomainError([
        { field: ['files'], code: 'INVALID', message: 'Send the file as a multipart upload.' },
      ]);
    return value as File;
  },
});

const ThumbnailSizeEnum = builder.enumType('ThumbnailSize', {
  values: {
    SMALL: { value: 64, description: '64 px' },
    MEDIUM: { value: 256, description: '256 px' },
    LARGE: { value: 1024, description: '1024 px' },
  } as const,
});

export const MediaRef = builder.objectRef<Media>('ProductMedia');
builder.node(MediaRef, {
  description: 'An image of a product.',
  extensions: auth.permission('CATALOG_READ'),
  id: { resolve: (m) => m.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'contentHash' in o,
  loadOne: (id, ctx) => findMedia(ctx.services.db, id),
  fields: (t) => ({
    alt: t.exposeString('alt'),
    url: t.string({ description: 'The original file.', resolve: (m) => `/media/${media.mediaFileName(m)}` }),
    thumbnailUrl: t.string({
      args: { size: t.arg({ type: ThumbnailSizeEnum, defaultValue: 256 }) },
      resolve: (m, args) => `/media/${media.mediaFileName(m, args.size ?? 256)}`,
    }),
    mimeType: t.exposeString('mimeType'),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
    sizeBytes: t.exposeInt('sizeBytes'),
    filename: t.exposeString('filename'),
    position: t.exposeInt('position'),
  }),
});

builder.objectField(ProductRef, 'media', (t) =>
  t.field({
    // SPEC §9; live: the most any product has now
    extensions: listBound({ max: 250, counted: 'maxMediaPerProduct' }),
    type: [MediaRef],
    description: 'Images in display order.',
    resolve: (p, _a, ctx) => ctx.loaders.mediaByProductId.now(p.id),
  }),
);

const MediaPayload = builder
  .objectRef<{ media?: Media[] | null; userErrors: UserError[] }>('ProductMediaPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      media: t.field({
        extensions: listBound({ max: 250, byInput: ['files'] }),
        type: [MediaRef],
        nullable: true,
        resolve: (p) => p.media ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

function uuidOf(type: 'Product' | 'ProductMedia', id: string | number, field: string): string {
  const uuid = decodeIdOf(type, String(id));
  if (!uuid)
    throw DomainError.one(
      'INVALID',
      type === 'Product' ? 'This product does not exist.' : 'This image does not exist.',
      [field],
    );
  return uuid;
}

const write = auth.permission('CATALOG_WRITE');

builder.mutationFields((t) => ({
  productMediaUpload: t.field({
    type: MediaPayload,
    description: 'Adds images (JPEG, PNG, WebP, GIF, AVIF; 20 MB each) after the existing ones.',
    extensions: write,
    args: {
      productId: t.arg.id({ required: true }),
      files: t.arg({ type: ['File'], required: true }),
      alt: t.arg.string(),
    },
    resolve: async (_r, args, ctx) => {
      // The files are checked and stored first, outside the transaction (payload maps their errors).
      const prepared = await payload(async () => ({
        productId: uuidOf('Product', args.productId, 'productId'),
        uploads: await media.prepareMediaUpload(ctx.services.config, args.files),
      }));
      if (prepared.userErrors.length) return { userErrors: prepared.userErrors };
      return command(ctx, async (trx) => ({
        media: await media.productMediaUpload(
          trx,
          ctx,
          prepared.productId,
          prepared.uploads,
          args.alt ?? null,
        ),
      }));
    },
  }),
  productMediaUpdate: t.field({
    type: MediaPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), alt: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        media: [await media.productMediaUpdate(trx, ctx, uuidOf('ProductMedia', args.id, 'id'), args.alt)],
      })),
  }),
  productMediaReorder: t.field({
    type: MediaPayload,
    description: 'Puts the given images first, in that order.',
    extensions: write,
    args: { productId: t.arg.id({ required: true }), mediaIds: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        media: await media.productMediaReorder(
          trx,
          ctx,
          uuidOf('Product', args.productId, 'productId'),
          args.mediaIds.map((id) => uuidOf('ProductMedia', id, 'mediaIds')),
        ),
      })),
  }),
  productMediaDelete: t.field({
    type: MediaPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        await media.productMediaDelete(trx, ctx, uuidOf('ProductMedia', args.id, 'id'));
        return { media: [] };
      }),
  }),
}));
