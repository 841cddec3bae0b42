import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped } from '../../lib/batch.js';
import type { Role, Session, StaffMember } from './staff.model.js';
import { findRolesByIds, findStaffByIds, rolesByStaffIds } from './staff.repository.js';
import { liveSessionsOfStaff } from './session.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createStaffLoaders> {}
}

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createStaffLoaders(db: Executor) {
  return {
    staffById: new DataLoader<string, StaffMember | null>(async (ids) =>
      byId(ids, await findStaffByIds(db, ids)),
    ),
    rolesById: new DataLoader<string, Role | null>(async (ids) => byId(ids, await findRolesByIds(db, ids))),
    rolesByStaffId: new DataLoader<string, Role[]>(async (ids) => {
      const map = await rolesByStaffIds(db, ids);
      return ids.map((id) => map.get(id) ?? []);
    }),
    sessionsByStaffId: new DataLoader<string, Session[]>(async (ids) => {
      const rows = await liveSessionsOfStaff(db, ids);
      return grouped(ids, rows, (r) => r.staffId);
    }),
  };
}
