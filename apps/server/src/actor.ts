import type { Permission } from '@stockroom/domain';

/** The signed-in staff member behind a request, as loaded from their session. */
export interface Viewer {
  staffId: string;
  sessionId: string;
  email: string;
  name: string;
  isOwner: boolean;
  permissions: ReadonlySet<Permission>;
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
}

export const SYSTEM_ACTOR: Actor = { viewer: null, requestId: null, ip: null, system: true };
