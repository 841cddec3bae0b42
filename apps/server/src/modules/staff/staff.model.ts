import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type {
  ApiTokenTable,
  RoleTable,
  SessionTable,
  StaffLinkTable,
  StaffRoleTable,
  StaffState,
  StaffTable,
} from './staff.tables.js';

/**
 * Staff's domain objects: what its repositories hand the rest of the server, derived from the
 * tables (db/row.ts). Token hashes stay in the repositories.
 */

export type { StaffState };

export const staffRow = tableRow<StaffTable>()([
  'id',
  'email',
  'name',
  'password_hash',
  'state',
  'is_owner',
  'last_sign_in_at',
  'created_at',
  'updated_at',
  'version',
] as const);
export type StaffMember = Camel<Selectable<StaffTable>>;

export const roleRow = tableRow<RoleTable>()([
  'id',
  'key',
  'name',
  'description',
  'permissions',
  'built_in',
  'created_at',
  'updated_at',
  'version',
] as const);
export type Role = Camel<Selectable<RoleTable>>;

export const sessionRow = tableRow<SessionTable>()(
  ['id', 'staff_id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent', 'revoked_at'] as const,
  { omit: ['token_hash'] },
);
export type Session = Camel<Omit<Selectable<SessionTable>, 'token_hash'>>;

export const apiTokenRow = tableRow<ApiTokenTable>()(
  [
    'id',
    'name',
    'prefix',
    'permissions',
    'created_by',
    'expires_at',
    'last_used_at',
    'revoked_at',
    'created_at',
  ] as const,
  { omit: ['token_hash'] },
);
export type ApiToken = Camel<Omit<Selectable<ApiTokenTable>, 'token_hash'>>;

export const staffRoleRow = tableRow<StaffRoleTable>()(['staff_id', 'role_id'] as const);

/** An invitation or reset link; its token hash is only ever matched in SQL (staff-admin.repository.ts). */
export const staffLinkRow = tableRow<StaffLinkTable>()(
  ['id', 'staff_id', 'kind', 'expires_at', 'used_at', 'created_by', 'created_at'] as const,
  { omit: ['token_hash'] },
);
