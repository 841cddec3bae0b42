import { decodeIdOf, type UserError } from '@stockroom/domain';
import type { StaffMember } from './staff.model.js';
import { auth } from '../../graphql/auth.js';
import { builder, command, payload, UserErrorRef } from '../../graphql/builder.js';
import type { Ctx, Viewer } from '../../graphql/context.js';
import { forbidden, unauthenticated } from '../../graphql/errors.js';
import { DomainError } from '@stockroom/domain';
import { SESSION_ABSOLUTE_SECONDS } from './session.repository.js';
import * as authService from './auth.service.js';
import * as staffService from './staff.service.js';
import { StaffRef } from './staff.schema.js';

export const SESSION_COOKIE = 'stockroom_session';

function sessionCookie(ctx: Ctx, token: string | null): string {
  const parts = [
    `${SESSION_COOKIE}=${token ?? ''}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${token ? SESSION_ABSOLUTE_SECONDS : 0}`,
  ];
  if (ctx.secure) parts.push('Secure');
  return parts.join('; ');
}

/** A person signed in: their own account's commands are theirs alone, never an API token's. */
function signedIn(ctx: Ctx): Ctx & { viewer: Viewer } {
  if (!ctx.viewer) throw unauthenticated();
  if (ctx.viewer.token)
    throw DomainError.one('INVALID', "An API token can't change a person's account; sign in as that person.");
  return ctx as Ctx & { viewer: Viewer };
}

const StaffPayload = (name: string) =>
  builder.objectRef<{ staff?: StaffMember | null; userErrors: UserError[] }>(name).implement({
    extensions: auth.public,
    fields: (t) => ({
      staff: t.field({ type: StaffRef, nullable: true, resolve: (p) => p.staff ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const LoginPayload = StaffPayload('LoginPayload');
const PasswordChangePayload = StaffPayload('PasswordChangePayload');
const AccountUpdatePayload = StaffPayload('AccountUpdatePayload');

const LogoutPayload = builder.objectRef<{ userErrors: UserError[] }>('LogoutPayload').implement({
  extensions: auth.public,
  fields: (t) => ({ userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }) }),
});

const SessionRevokePayload = builder
  .objectRef<{ revokedCount: number; userErrors: UserError[] }>('SessionRevokePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      revokedCount: t.exposeInt('revokedCount', { description: 'How many sessions ended.' }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const AccountUpdateInput = builder.inputType('AccountUpdateInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    version: t.int({ description: 'The version you loaded; a stale one is refused with STALE_VERSION.' }),
  }),
});

builder.mutationFields((t) => ({
  login: t.field({
    type: LoginPayload,
    description: 'Signs in and sets the session cookie.',
    extensions: auth.public,
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      payload(async () => {
        const throttle = ctx.services.loginThrottle;
        const blocked = await authService.loginRefusal(throttle, args.email);
        if (blocked) throw blocked;
        const credentials = await authService.checkCredentials(ctx.services.db, args.email, args.password);
        if (!credentials.ok) {
          const refusal = await authService.loginFailure(throttle, ctx, args.email);
          const { staff } = credentials;
          // A command of its own, so the refused sign-in keeps its audit event.
          if (staff) {
            await command(ctx, async (trx) => {
              await authService.loginFailed(trx, ctx, staff);
              return {};
            });
          }
          throw refusal;
        }
        const started = await command(ctx, (trx) => authService.loginSucceeded(trx, ctx, credentials.staff));
        if (started.userErrors.length) throw new DomainError(started.userErrors);
        await authService.loginCleared(throttle, args.email);
        // Only once the session is committed.
        ctx.setCookie(sessionCookie(ctx, started.token));
        // The payload is read as the person who just signed in.
        ctx.viewer = await authService.viewerFromToken(ctx.services.db, started.token);
        return { staff: started.staff };
      }),
  }),
  logout: t.field({
    type: LogoutPayload,
    description: 'Ends this session and clears the cookie.',
    extensions: auth.public,
    resolve: async (_root, _args, ctx) => {
      const result = await command(ctx, async (trx) => {
        await authService.logout(trx, ctx);
        return {};
      });
      ctx.setCookie(sessionCookie(ctx, null));
      ctx.viewer = null;
      return result;
    },
  }),
  passwordChange: t.field({
    type: PasswordChangePayload,
    description: 'Changes your own password. Every other session of yours ends.',
    extensions: auth.authenticated,
    args: {
      currentPassword: t.arg.string({ required: true }),
      newPassword: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      command(ctx, async (trx) => ({
        staff: await authService.passwordChange(trx, signedIn(ctx), args.currentPassword, args.newPassword),
      })),
  }),
  accountUpdate: t.field({
    type: AccountUpdatePayload,
    description: 'Changes your own profile.',
    extensions: auth.authenticated,
    args: { input: t.arg({ type: AccountUpdateInput, required: true }) },
    resolve: (_root, args, ctx) =>
      command(ctx, async (trx) => ({
        staff: await staffService.accountUpdate(trx, signedIn(ctx), args.input),
      })),
  }),
  sessionRevoke: t.field({
    type: SessionRevokePayload,
    description:
      "Ends a session: give `id` for one (yours, or anyone's with STAFF_MANAGE), or `allOthers: true` for all of yours but this one.",
    extensions: auth.authenticated,
    args: { id: t.arg.id(), allOthers: t.arg.boolean() },
    resolve: async (_root, args, ctx) => {
      if (ctx.viewer?.token) return payload(() => Promise.resolve({ revokedCount: signedIn(ctx) && 0 }));
      const viewer = signedIn(ctx).viewer;
      const sessionId = args.id == null ? null : decodeIdOf('Session', String(args.id));
      if (sessionId && !args.allOthers) {
        const missing = await staffService.permissionToEndSession(ctx.services.db, viewer, sessionId);
        if (missing) throw forbidden(missing);
      }
      return command(
        ctx,
        async (trx) => {
          if (args.id != null && !sessionId)
            throw DomainError.one('INVALID', 'This session does not exist.', ['id']);
          return {
            revokedCount: await staffService.sessionRevoke(trx, signedIn(ctx), {
              sessionId,
              allOthers: args.allOthers,
            }),
          };
        },
        { revokedCount: 0 },
      );
    },
  }),
}));
