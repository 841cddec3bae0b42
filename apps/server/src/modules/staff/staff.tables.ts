import type { StaffState } from '@stockroom/domain';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../../db/columns.js';

export interface RoleTable {
  id: string;
  /** Built-in roles have a key ("admin", "staff"…); custom roles none. */
  key: string | null;
  name: string;
  description: string;
  permissions: string[];
  built_in: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export type { StaffState };

export interface StaffTable {
  id: string;
  email: string;
  name: string;
  /** Argon2 hash; null until an invited person sets a password. Never leaves the server. */
  password_hash: string | null;
  state: StaffState;
  is_owner: Generated<boolean>;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface StaffRoleTable {
  staff_id: string;
  role_id: string;
}

export interface SessionTable {
  id: string;
  staff_id: string;
  token_hash: Buffer;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  revoked_at: Timestamp | null;
}

/** This module's tables, as Kysely sees them. */
export interface ApiTokenTable {
  id: string;
  name: string;
  token_hash: Buffer;
  /** The token's first characters, to tell tokens apart. */
  prefix: string;
  permissions: string[];
  created_by: string | null;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface StaffLinkTable {
  id: string;
  staff_id: string;
  kind: 'INVITE' | 'RESET';
  token_hash: Buffer;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface StaffTables {
  staff_links: StaffLinkTable;
  roles: RoleTable;
  staff: StaffTable;
  staff_roles: StaffRoleTable;
  sessions: SessionTable;
  api_tokens: ApiTokenTable;
}

export type ApiTokenRow = Selectable<ApiTokenTable>;

export type RoleRow = Selectable<RoleTable>;
export type StaffRow = Selectable<StaffTable>;
export type NewStaff = Insertable<StaffTable>;
export type StaffUpdate = Updateable<StaffTable>;
export type SessionRow = Selectable<SessionTable>;
