import {
  decodeIdOf,
  SAVED_VIEW_READ_PERMISSION,
  SAVED_VIEW_RESOURCES,
  type SavedViewResource,
  type UserError,
} from '@stockroom/domain';
import type { Viewer } from '../../actor.js';
import { auth } from '../../graphql/auth.js';
import { builder, command, UserErrorRef } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import { forbidden, notFound, unauthenticated } from '../../graphql/errors.js';
import { listBound } from '../../graphql/cost.js';
import type { SavedView } from './saved-view.model.js';
import {
  savedViewCreate,
  savedViewDelete,
  savedViewSetDefault,
  savedViewUpdate,
  visibleSavedView,
  visibleSavedViews,
} from './saved-view.service.js';

const SavedViewResourceEnum = builder.enumType('SavedViewResource', {
  description: 'The list a saved view belongs to.',
  values: SAVED_VIEW_RESOURCES,
});

function viewerOf(ctx: Ctx): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/** Views of a list need the list's own read permission (FORBIDDEN naming it). */
function requireRead(viewer: Viewer, resource: SavedViewResource): void {
  const permission = SAVED_VIEW_READ_PERMISSION[resource];
  if (!viewer.permissions.has(permission)) throw forbidden(permission);
}

const canRead = (viewer: Viewer | null, view: SavedView) =>
  Boolean(viewer?.permissions.has(SAVED_VIEW_READ_PERMISSION[view.resource]));

/** Whether the viewer may change the view: their own private one, or a shared one with VIEWS_MANAGE. */
const canEdit = (viewer: Viewer, view: SavedView) =>
  view.shared ? viewer.permissions.has('VIEWS_MANAGE') : view.ownerStaffId === viewer.staffId;

/** A view the viewer may see and whose list they may read, or NOT_FOUND (as if there were none). */
async function visibleOrNotFound(ctx: Ctx, rawId: unknown): Promise<SavedView> {
  const viewer = viewerOf(ctx);
  const id = decodeIdOf('SavedView', String(rawId));
  const view = id ? await visibleSavedView(ctx.services.db, viewer, id) : null;
  if (!view || !canRead(viewer, view)) throw notFound('saved view');
  return view;
}

export const SavedViewRef = builder.objectRef<SavedView>('SavedView');
builder.node(SavedViewRef, {
  description:
    'A list’s search, sort and columns under a name (SPEC §3): shared with all staff, or private to its owner.',
  extensions: auth.authenticated,
  id: { resolve: (v) => v.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'resource' in o && 'sortKey' in o,
  loadOne: async (id, ctx) => {
    if (!ctx.viewer) return null;
    const view = await visibleSavedView(ctx.services.db, ctx.viewer, id);
    return view && canRead(ctx.viewer, view) ? view : null;
  },
  fields: (t) => ({
    resource: t.field({ type: SavedViewResourceEnum, resolve: (v) => v.resource }),
    name: t.exposeString('name'),
    query: t.exposeString('query', { description: 'The search it runs (SPEC §7.4); "" for everything.' }),
    sortKey: t.exposeString('sortKey', {
      nullable: true,
      description: 'A value of the list’s sort keys enum; null for the list’s default order.',
    }),
    reverse: t.exposeBoolean('reverse'),
    columns: t.exposeStringList('columns', {
      extensions: listBound({ max: 30 }),
      description: 'The columns it shows, in order; empty for the list’s default columns.',
    }),
    shared: t.exposeBoolean('shared', { description: 'Seen by all staff; else only by its owner.' }),
    owner: t.string({
      nullable: true,
      description: 'The name of who made it.',
      resolve: (v) => v.ownerName,
    }),
    isDefault: t.boolean({
      description: 'Whether the list opens on it for you (savedViewSetDefault).',
      resolve: (v) => v.isDefault,
    }),
    canEdit: t.boolean({
      description:
        'Whether you may change or delete it: your own private view, or a shared one with VIEWS_MANAGE.',
      resolve: (v, _a, ctx) => (ctx.viewer ? canEdit(ctx.viewer, v) : false),
    }),
    version: t.exposeInt('version'),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.updatedAt }),
  }),
});

builder.queryFields((t) => ({
  savedViews: t.field({
    type: [SavedViewRef],
    description:
      'The saved views of a list you may see: those shared with all staff, then your own, each by name. Needs the list’s read permission.',
    extensions: { ...auth.authenticated, ...listBound({ max: 100 }) },
    args: { resource: t.arg({ type: SavedViewResourceEnum, required: true }) },
    resolve: (_r, args, ctx) => {
      const viewer = viewerOf(ctx);
      requireRead(viewer, args.resource);
      return visibleSavedViews(ctx.services.db, viewer, args.resource);
    },
  }),
  savedView: t.field({
    type: SavedViewRef,
    nullable: true,
    description: 'One saved view; null when it does not exist or is someone else’s private view.',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = viewerOf(ctx);
      const id = decodeIdOf('SavedView', String(args.id));
      const view = id ? await visibleSavedView(ctx.services.db, viewer, id) : null;
      if (!view) return null;
      requireRead(viewer, view.resource);
      return view;
    },
  }),
}));

const SavedViewInput = builder.inputType('SavedViewInput', {
  fields: (t) => ({
    resource: t.field({ type: SavedViewResourceEnum, required: true }),
    name: t.string({ required: true, description: `At most 60 characters; unique in the list.` }),
    query: t.string({ description: 'The search (SPEC §7.4), checked like the list checks it.' }),
    sortKey: t.string({ description: 'A value of the list’s sort keys enum.' }),
    reverse: t.boolean(),
    columns: t.stringList({ description: 'Column names of the list, in order (at most 30).' }),
    shared: t.boolean({ description: 'Share with all staff (needs VIEWS_MANAGE).' }),
  }),
});

const SavedViewUpdateInput = builder.inputType('SavedViewUpdateInput', {
  fields: (t) => ({
    name: t.string(),
    query: t.string(),
    sortKey: t.string(),
    reverse: t.boolean(),
    columns: t.stringList(),
    shared: t.boolean({ description: 'Share or stop sharing (needs VIEWS_MANAGE).' }),
    expectedVersion: t.int({ description: 'The version you read: STALE_VERSION if it changed since.' }),
  }),
});

const SavedViewPayload = builder
  .objectRef<{ savedView?: SavedView | null; userErrors: UserError[] }>('SavedViewPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      savedView: t.field({ type: SavedViewRef, nullable: true, resolve: (p) => p.savedView ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const SavedViewDeletePayload = builder
  .objectRef<{ deletedId?: string | null; userErrors: UserError[] }>('SavedViewDeletePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      deletedId: t.id({ nullable: true, resolve: (p) => p.deletedId ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const SavedViewSetDefaultPayload = builder
  .objectRef<{ savedViews?: SavedView[] | null; userErrors: UserError[] }>('SavedViewSetDefaultPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      savedViews: t.field({
        type: [SavedViewRef],
        nullable: true,
        extensions: listBound({ max: 100 }),
        description: 'The list’s views as savedViews answers them now.',
        resolve: (p) => p.savedViews ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const withViewer = (ctx: Ctx) => ctx as Ctx & { viewer: Viewer };

builder.mutationFields((t) => ({
  savedViewCreate: t.field({
    type: SavedViewPayload,
    description:
      'Saves a list’s search, sort and columns as a view of yours; shared with all staff needs VIEWS_MANAGE. At most 50 per list (yours, and shared ones).',
    extensions: auth.authenticated,
    args: { input: t.arg({ type: SavedViewInput, required: true }) },
    resolve: (_r, args, ctx) => {
      const viewer = viewerOf(ctx);
      requireRead(viewer, args.input.resource);
      if (args.input.shared && !viewer.permissions.has('VIEWS_MANAGE')) throw forbidden('VIEWS_MANAGE');
      return command(ctx, async (trx) => ({
        savedView: await savedViewCreate(trx, withViewer(ctx), args.input.resource, args.input),
      }));
    },
  }),
  savedViewUpdate: t.field({
    type: SavedViewPayload,
    description:
      'Changes a view: your own private one, or a shared one with VIEWS_MANAGE (also to share or stop sharing).',
    extensions: auth.authenticated,
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: SavedViewUpdateInput, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const viewer = viewerOf(ctx);
      const view = await visibleOrNotFound(ctx, args.id);
      const sharing = args.input.shared != null && args.input.shared !== view.shared;
      if ((view.shared || sharing) && !viewer.permissions.has('VIEWS_MANAGE'))
        throw forbidden('VIEWS_MANAGE');
      if (!view.shared && view.ownerStaffId !== viewer.staffId) throw notFound('saved view');
      return command(ctx, async (trx) => ({
        savedView: await savedViewUpdate(trx, withViewer(ctx), view, args.input),
      }));
    },
  }),
  savedViewDelete: t.field({
    type: SavedViewDeletePayload,
    description: 'Deletes a view (and the defaults set to it): your own, or a shared one with VIEWS_MANAGE.',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = viewerOf(ctx);
      const view = await visibleOrNotFound(ctx, args.id);
      if (view.shared && !viewer.permissions.has('VIEWS_MANAGE')) throw forbidden('VIEWS_MANAGE');
      return command(ctx, async (trx) => {
        await savedViewDelete(trx, withViewer(ctx), view);
        return { deletedId: String(args.id) };
      });
    },
  }),
  savedViewSetDefault: t.field({
    type: SavedViewSetDefaultPayload,
    description:
      'The view your list opens on (when its URL names no search or view); id null goes back to the built-in “All”.',
    extensions: auth.authenticated,
    args: {
      resource: t.arg({ type: SavedViewResourceEnum, required: true }),
      id: t.arg.id({ required: false }),
    },
    resolve: async (_r, args, ctx) => {
      const viewer = viewerOf(ctx);
      requireRead(viewer, args.resource);
      const view = args.id ? await visibleOrNotFound(ctx, args.id) : null;
      return command(ctx, async (trx) => {
        await savedViewSetDefault(trx, viewer, args.resource, view);
        return { savedViews: await visibleSavedViews(trx, viewer, args.resource) };
      });
    },
  }),
}));
