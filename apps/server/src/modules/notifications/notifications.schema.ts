import {
  decodeIdOf,
  DomainError,
  EMAIL_MESSAGE_STATUSES,
  encodeId,
  NOTIFICATION_TEMPLATE_KINDS,
  NOTIFICATION_TEMPLATE_LABELS,
  STAFF_NOTIFICATION_KINDS,
  type UserError,
} from '@stockroom/domain';
import type { Viewer } from '../../actor.js';
import { auth, check } from '../../graphql/auth.js';
import { listBound } from '../../graphql/cost.js';
import {
  builder,
  command,
  countWhenAsked,
  emptyConnection,
  payload,
  toConnection,
  UserErrorRef,
} from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import type { EmailMessage } from './notifications.model.js';
import { countMessages, messageById, pageMessages } from './notifications.repository.js';
import {
  emailMessageResend,
  mayRead,
  readableKinds,
  templates,
  type TemplateView,
} from './notifications.service.js';
import { templatePreview, templateReset, templateUpdate } from './template.service.js';
import { emailSearchCondition } from './email-search.js';
import { TEMPLATE_VARIABLES, type TemplateVariable } from './template-defaults.js';
import type { RenderedMail } from './template-render.js';

const settingsWrite = auth.permission('SETTINGS_WRITE');
const asStaff = (ctx: Ctx) => ctx as Ctx & { viewer: Viewer };

const KindEnum = builder.enumType('NotificationTemplateKind', {
  description: 'The messages Stockroom sends, each from its template.',
  values: NOTIFICATION_TEMPLATE_KINDS,
});
const StatusEnum = builder.enumType('EmailMessageStatus', {
  description:
    'QUEUED until its job runs; SENT when the mail server took it; FAILED after the retries (emailMessageResend); NOT_SENT when no mail server is configured (kept as it would have been sent).',
  values: EMAIL_MESSAGE_STATUSES,
});

const VariableRef = builder.objectRef<TemplateVariable>('NotificationTemplateVariable').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'As the template writes it: `{{ order.name }}`.' }),
    description: t.exposeString('description'),
  }),
});

const TemplateRef = builder.objectRef<TemplateView>('NotificationTemplate').implement({
  description:
    'A message’s subject and body (Liquid: `{{ order.name }}`; a blank line starts a paragraph). The order’s lines, totals, address, the tracking button and staff links are laid out around the body.',
  extensions: auth.authenticated,
  fields: (t) => ({
    kind: t.field({ type: KindEnum, resolve: (v) => v.kind }),
    label: t.string({ resolve: (v) => NOTIFICATION_TEMPLATE_LABELS[v.kind] }),
    subject: t.exposeString('subject'),
    body: t.exposeString('body'),
    isDefault: t.exposeBoolean('isDefault', {
      description: 'True until the store changes it (or after a reset).',
    }),
    forStaff: t.boolean({
      description: 'A message to staff (invitation, reset) rather than to a customer.',
      resolve: (v) => STAFF_NOTIFICATION_KINDS.includes(v.kind),
    }),
    variables: t.field({
      type: [VariableRef],
      extensions: listBound({ max: 40 }),
      resolve: (v) => TEMPLATE_VARIABLES[v.kind],
    }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.updatedAt }),
    version: t.exposeInt('version', { description: '0 for a default; pass it back to update.' }),
  }),
});

export const EmailMessageRef = builder.objectRef<EmailMessage>('EmailMessage');
builder.node(EmailMessageRef, {
  description:
    'One email: sent, failed, queued, or kept as it would have been sent (no mail server). Order messages need ORDERS_READ; staff links STAFF_MANAGE.',
  extensions: auth.authenticated,
  id: { resolve: (m) => m.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'toAddress' in o && 'kind' in o,
  loadOne: async (id, ctx) => {
    const m = ctx.viewer ? await messageById(ctx.services.db, id) : null;
    return m && ctx.viewer && mayRead(ctx.viewer, m) ? m : null;
  },
  fields: (t) => ({
    kind: t.field({ type: KindEnum, resolve: (m) => m.kind }),
    kindLabel: t.string({ resolve: (m) => NOTIFICATION_TEMPLATE_LABELS[m.kind] }),
    to: t.string({ resolve: (m) => m.toAddress }),
    subject: t.string({
      description: 'Empty until the message is written (by its job).',
      resolve: (m) => m.subject,
    }),
    html: t.string({ description: 'The HTML part; show it in a sandboxed frame.', resolve: (m) => m.html }),
    text: t.string({ description: 'The plain-text part.', resolve: (m) => m.text }),
    status: t.field({ type: StatusEnum, resolve: (m) => m.status }),
    error: t.string({
      nullable: true,
      description: 'What the mail server said, when a try failed.',
      resolve: (m) => m.error,
    }),
    attempts: t.int({ description: 'Tries made to send it.', resolve: (m) => m.attempts }),
    orderId: t.id({ nullable: true, resolve: (m) => (m.orderId ? encodeId('Order', m.orderId) : null) }),
    orderName: t.string({ nullable: true, resolve: (m) => m.data.orderName ?? null }),
    createdAt: t.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.sentAt }),
  }),
});

const PreviewRef = builder
  .objectRef<Partial<RenderedMail> & { userErrors: UserError[] }>('NotificationTemplatePreview')
  .implement({
    description: 'A template rendered as it would be sent; userErrors say what in it cannot be rendered.',
    extensions: auth.authenticated,
    fields: (t) => ({
      subject: t.string({ nullable: true, resolve: (p) => p.subject ?? null }),
      html: t.string({ nullable: true, resolve: (p) => p.html ?? null }),
      text: t.string({ nullable: true, resolve: (p) => p.text ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const EmailSettingsRef = builder
  .objectRef<{ smtpConfigured: boolean; from: string | null }>('EmailSettings')
  .implement({
    extensions: auth.authenticated,
    fields: (t) => ({
      smtpConfigured: t.exposeBoolean('smtpConfigured', {
        description: 'False without SMTP_URL: messages are kept in the outbox, marked NOT_SENT.',
      }),
      from: t.exposeString('from', { nullable: true, description: 'STOCKROOM_MAIL_FROM, if set.' }),
    }),
  });

const TemplatePayload = builder
  .objectRef<{ template?: TemplateView | null; userErrors: UserError[] }>('NotificationTemplatePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      template: t.field({ type: TemplateRef, nullable: true, resolve: (p) => p.template ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const EmailMessagePayload = builder
  .objectRef<{ emailMessage?: EmailMessage | null; userErrors: UserError[] }>('EmailMessagePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      emailMessage: t.field({
        type: EmailMessageRef,
        nullable: true,
        resolve: (p) => p.emailMessage ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.queryFields((t) => ({
  notificationTemplates: t.field({
    type: [TemplateRef],
    description: 'Every message’s template (the store’s own, or the default).',
    extensions: { ...auth.authenticated, ...listBound({ max: NOTIFICATION_TEMPLATE_KINDS.length }) },
    resolve: (_r, _a, ctx) => templates(ctx.services.db),
  }),
  notificationTemplatePreview: t.field({
    type: PreviewRef,
    description:
      'A template as edited (not saved) rendered on a real order (orderId; needs ORDERS_READ), or on made-up facts without one and for staff messages.',
    extensions: auth.authenticated,
    args: {
      kind: t.arg({ type: KindEnum, required: true }),
      subject: t.arg.string({ required: true }),
      body: t.arg.string({ required: true }),
      orderId: t.arg.id(),
    },
    resolve: (_r, args, ctx) => {
      if (args.orderId != null) check({ permission: 'ORDERS_READ' }, null, ctx);
      return payload(async () => {
        const orderId = args.orderId == null ? null : decodeIdOf('Order', String(args.orderId));
        if (args.orderId != null && !orderId)
          throw DomainError.one('INVALID', 'There is no order with this ID.', ['orderId']);
        return templatePreview(ctx.services.db, {
          kind: args.kind,
          subject: args.subject,
          body: args.body,
          orderId,
        });
      });
    },
  }),
  emailMessages: t.connection(
    {
      type: EmailMessageRef,
      description:
        'The outbox, newest first: order messages (with ORDERS_READ) and staff links (with STAFF_MANAGE). Search: words match the recipient or subject; status:FAILED, to:, order:#1001, kind:.',
      extensions: auth.authenticated,
      args: { query: t.arg.string() },
      resolve: async (_r, args, ctx, info) => {
        const search = emailSearchCondition(args.query);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        const kinds = readableKinds(ctx.viewer!);
        const db = ctx.services.db;
        const count = countWhenAsked(info, () => countMessages(db, kinds, search.condition));
        return toConnection(await pageMessages(db, kinds, search.condition, args), count);
      },
    },
    { name: 'EmailMessageConnection' },
    { name: 'EmailMessageEdge' },
  ),
  emailMessage: t.field({
    type: EmailMessageRef,
    nullable: true,
    description: 'One email; null when it does not exist or you may not read it.',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const uuid = decodeIdOf('EmailMessage', String(args.id));
      const m = uuid ? await messageById(ctx.services.db, uuid) : null;
      return m && mayRead(ctx.viewer!, m) ? m : null;
    },
  }),
  emailSettings: t.field({
    type: EmailSettingsRef,
    description: 'Whether email goes out (SMTP_URL) or is kept in the outbox.',
    extensions: auth.authenticated,
    resolve: (_r, _a, ctx) => ({
      smtpConfigured: Boolean(ctx.services.config.mail.smtpUrl),
      from: ctx.services.config.mail.from ?? null,
    }),
  }),
}));

builder.mutationFields((t) => ({
  notificationTemplateUpdate: t.field({
    type: TemplatePayload,
    description:
      'Changes a message’s subject and body; userErrors when the Liquid does not read or uses a variable the message lacks. notificationTemplateReset goes back to the default.',
    extensions: settingsWrite,
    args: {
      kind: t.arg({ type: KindEnum, required: true }),
      subject: t.arg.string({ required: true }),
      body: t.arg.string({ required: true }),
      version: t.arg.int({
        description: 'The version you saw (0 for a default); STALE_VERSION when it changed since.',
      }),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        template: await templateUpdate(trx, asStaff(ctx), {
          kind: args.kind,
          subject: args.subject,
          body: args.body,
          version: args.version,
        }),
      })),
  }),
  notificationTemplateReset: t.field({
    type: TemplatePayload,
    description: 'Back to the default subject and body.',
    extensions: settingsWrite,
    args: { kind: t.arg({ type: KindEnum, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ template: await templateReset(trx, asStaff(ctx), args.kind) })),
  }),
  emailMessageResend: t.field({
    type: EmailMessagePayload,
    description:
      'Sends a FAILED message again (as it was written). Order messages need ORDERS_READ, staff links STAFF_MANAGE.',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const uuid = decodeIdOf('EmailMessage', String(args.id));
        if (!uuid) throw DomainError.one('INVALID', 'There is no email with this ID.', ['id']);
        return { emailMessage: await emailMessageResend(trx, asStaff(ctx), uuid) };
      }),
  }),
}));
