import type { Permission } from '@stockroom/domain';

/** The signed-in staff member behind a request, as loaded from their session. */
export interface Viewer {
  staffId: string;
  sessionId: string;
  email: string;
  name: string;
  isOwner: boolean;
  permissions: ReadonlySet<Permission>;
  /** When the session (or the token) ends by itself; live streams end then (null: never). */
  expiresAt?: Date | null;
  /**
   * Set when an API token, not a person, makes the request: it acts with its own permissions, on
   * behalf of its creator (staffId), and the audit log names the token.
   */
  token?: { id: string; name: string };
}

/** Who is acting, for services: the signed-in staff member, or the system itself (seed, bootstrap). */
export interface Actor {
  viewer: Viewer | null;
  requestId: string | null;
  ip: string | null;
  userAgent?: string | null;
  /** Set for work the application does on its own (first start, seed). */
  system?: boolean;
  /**
   * Set by the command wrapper: the ids of the audit events this command wrote, so a payload can
   * name the event an "Undo" reverts.
   */
  recordedEvents?: string[];
  /**
   * Set while undoing an audit event: the change the service makes is recorded as `<type>.revert`,
   * naming the event it undid.
   */
  reverting?: { eventId: string };
  /** Set for a job's work (a step of an import or a bulk edit): its audit events name the job. */
  jobId?: string;
}

export const SYSTEM_ACTOR: Actor = { viewer: null, requestId: null, ip: null, system: true };

/**
 * Who acted, as the audit log and the domain events record it: a token's changes name the token
 * (its id and name), not the person who made it; a person's name or else their email.
 */
export function actorIdentity(actor: Actor): {
  type: 'staff' | 'api' | 'system';
  id: string | null;
  name: string | null;
} {
  const viewer = actor.viewer;
  return {
    type: viewer?.token ? 'api' : viewer ? 'staff' : actor.system ? 'system' : 'api',
    id: viewer?.token?.id ?? viewer?.staffId ?? null,
    name: viewer?.token ? `API token ${viewer.token.name}` : viewer ? viewer.name || viewer.email : null,
  };
}
