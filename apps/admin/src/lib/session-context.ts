import { createContext, use } from 'react';
import type { Permission } from '../gql/graphql';
import type { CurrentStaffQuery } from './shell-api/shell.generated';

export type SignedInStaff = NonNullable<CurrentStaffQuery['me']>;

export interface Session {
  staff: SignedInStaff;
  /** Whether the signed-in person holds `permission` (the owner holds all). The server still decides. */
  can: (permission: Permission) => boolean;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in person; only inside routes behind RequireSession. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession() is only available inside <RequireSession>.');
  return session;
}

export function createSession(staff: SignedInStaff): Session {
  const held = new Set<Permission>(staff.permissions);
  return { staff, can: (permission) => staff.isOwner || held.has(permission) };
}
