import type { Executor } from '../../db/database.js';
import type { StaffMember } from './staff.model.js';
import type { ListResult, PageArgs } from '../../lib/pagination.js';
import { staffSearchCondition } from './staff-search.js';
import { countStaffMatching, pageStaff } from './staff-admin.repository.js';

/** Staff matching a search (name or email words; state:, email:), by name; for other modules. */
export function listStaff(
  db: Executor,
  args: { query?: string | null; page: PageArgs },
): ListResult<StaffMember> {
  const search = staffSearchCondition(args.query);
  if ('errors' in search) return search;
  return {
    page: () => pageStaff(db, search.condition, args.page),
    count: () => countStaffMatching(db, search.condition),
  };
}
