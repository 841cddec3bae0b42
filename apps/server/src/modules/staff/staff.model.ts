import type { ApiTokenRow, RoleRow, SessionRow, StaffRow, StaffState } from './staff.tables.js';

/** Staff's domain objects: what its repositories hand the rest of the server. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  /** Argon2 hash; null until an invited person sets a password. Never leaves the server. */
  passwordHash: string | null;
  state: StaffState;
  isOwner: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface Role {
  id: string;
  /** Built-in roles have a key ("admin", "staff"…); custom roles none. */
  key: string | null;
  name: string;
  description: string;
  permissions: string[];
  builtIn: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface Session {
  id: string;
  staffId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  revokedAt: Date | null;
}

export interface ApiToken {
  id: string;
  name: string;
  /** The first characters of the token, to recognise it by. */
  prefix: string;
  permissions: string[];
  createdBy: string | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export type { StaffState };

export function toStaffMember(r: StaffRow): StaffMember {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    passwordHash: r.password_hash,
    state: r.state,
    isOwner: r.is_owner,
    lastSignInAt: r.last_sign_in_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toRole(r: RoleRow): Role {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    permissions: r.permissions,
    builtIn: r.built_in,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toSession(r: SessionRow): Session {
  return {
    id: r.id,
    staffId: r.staff_id,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    expiresAt: r.expires_at,
    ip: r.ip,
    userAgent: r.user_agent,
    revokedAt: r.revoked_at,
  };
}

export function toApiToken(r: ApiTokenRow): ApiToken {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    permissions: r.permissions,
    createdBy: r.created_by,
    expiresAt: r.expires_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
  };
}
