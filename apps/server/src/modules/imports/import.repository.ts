import { sql } from 'kysely';
import { decodeId, type ImportRowOutcome } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { Count, Page } from '../../lib/pagination.js';
import type { ImportRowResult } from '../jobs/import.model.js';

/** A stored row of an import's report (its id is its row, for the connection's cursor). */
export interface ImportRowRecord extends ImportRowResult {
  id: string;
}

/**
 * Stores a chunk's results in one statement (each column an array, unnested: the statement is the
 * same text for 10 rows or 2,000); a step that runs again writes the same rows again (no duplicates).
 */
export async function saveImportRows(
  db: Executor,
  jobId: string,
  rows: readonly ImportRowResult[],
): Promise<void> {
  if (!rows.length) return;
  await sql`
    insert into job_import_rows (job_id, file_row, outcome, subject, subject_type, subject_id, changes, problems)
    select ${jobId}::uuid, r.* from unnest(
      ${rows.map((r) => r.row)}::int[], ${rows.map((r) => r.outcome)}::text[],
      ${rows.map((r) => r.subject)}::text[], ${rows.map((r) => r.subjectType)}::text[],
      ${rows.map((r) => recordUuid(r.subjectId))}::uuid[], ${rows.map((r) => JSON.stringify(r.changes))}::jsonb[],
      ${rows.map((r) => JSON.stringify(r.problems))}::jsonb[])
      as r(file_row, outcome, subject, subject_type, subject_id, changes, problems)
    on conflict (job_id, file_row) do update set outcome = excluded.outcome, subject = excluded.subject,
      subject_type = excluded.subject_type, subject_id = excluded.subject_id, changes = excluded.changes,
      problems = excluded.problems`.execute(db);
}

/** A record's uuid, whether an importer gave its uuid or its global ID (`cus_…`). */
function recordUuid(id: string | null): string | null {
  if (!id) return null;
  return decodeId(id)?.uuid ?? id;
}

const CURSOR = /^r(\d{1,9})$/;

/** A page of an import's rows by row, forwards; null for a cursor that is not one of ours. */
export async function pageImportRows(
  db: Executor,
  jobId: string,
  args: { outcomes: readonly ImportRowOutcome[] | null; first: number; after: string | null },
): Promise<Page<ImportRowRecord> | null> {
  let afterRow = 0;
  if (args.after) {
    const m = CURSOR.exec(Buffer.from(args.after, 'base64url').toString('utf8'));
    if (!m) return null;
    afterRow = Number(m[1]);
  }
  let q = db
    .selectFrom('job_import_rows')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('file_row', '>', afterRow)
    .orderBy('file_row')
    .limit(args.first + 1);
  if (args.outcomes?.length) q = q.where('outcome', 'in', args.outcomes);
  const rows = await q.execute();
  return {
    rows: rows.slice(0, args.first).map((r) => ({
      id: String(r.file_row),
      row: r.file_row,
      outcome: r.outcome,
      subject: r.subject,
      subjectType: r.subject_type,
      subjectId: r.subject_id,
      changes: r.changes,
      problems: r.problems,
    })),
    hasNextPage: rows.length > args.first,
    hasPreviousPage: afterRow > 0,
    cursor: (r) => Buffer.from(`r${r.row}`).toString('base64url'),
  };
}

export async function countImportRows(
  db: Executor,
  jobId: string,
  outcomes: readonly ImportRowOutcome[] | null,
): Promise<Count> {
  let q = db
    .selectFrom('job_import_rows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('job_id', '=', jobId);
  if (outcomes?.length) q = q.where('outcome', 'in', outcomes);
  const row = await q.executeTakeFirstOrThrow();
  return { value: Number(row.n), precision: 'EXACT' };
}

/**
 * Claims keys for a file: answers, for each key another row claimed first, that row. The same row
 * claiming its key again (a step that runs again) is not a duplicate.
 */
export async function claimImportKeys(
  db: Executor,
  jobId: string,
  keys: readonly { key: string; row: number }[],
): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  if (!keys.length) return taken;
  // One claim per key in this call: a later row claiming a key an earlier row of the call claims.
  const firsts = new Map<string, number>();
  for (const k of keys) {
    const seen = firsts.get(k.key);
    if (seen === undefined || k.row < seen) firsts.set(k.key, k.row);
  }
  const values = [...firsts].map(([key, row]) => ({ job_id: jobId, key, file_row: row }));
  for (let i = 0; i < values.length; i += 1000)
    await db
      .insertInto('job_import_keys')
      .values(values.slice(i, i + 1000))
      .onConflict((oc) => oc.columns(['job_id', 'key']).doNothing())
      .execute();
  const names = [...firsts.keys()];
  for (let i = 0; i < names.length; i += 1000) {
    const rows = await db
      .selectFrom('job_import_keys')
      .select(['key', 'file_row'])
      .where('job_id', '=', jobId)
      .where('key', 'in', names.slice(i, i + 1000))
      .execute();
    for (const r of rows) taken.set(r.key, r.file_row);
  }
  const answer = new Map<string, number>();
  for (const k of keys) {
    const first = taken.get(k.key);
    if (first !== undefined && first !== k.row) answer.set(k.key, first);
  }
  return answer;
}

/** The rows these keys were claimed for in this job's file (keys never claimed are left out); claims nothing. */
export async function heldImportKeys(
  db: Executor,
  jobId: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .selectFrom('job_import_keys')
      .select(['key', 'file_row'])
      .where('job_id', '=', jobId)
      .where('key', 'in', keys.slice(i, i + 1000))
      .execute();
    for (const r of rows) held.set(r.key, r.file_row);
  }
  return held;
}

/** The changes since `since` to records an import would update or delete (the newest first). */
export async function changesSince(
  db: Executor,
  jobId: string,
  since: Date,
  limit: number,
): Promise<{ subject: string | null; actorName: string | null; actorType: string; createdAt: Date }[]> {
  const rows = await db
    .selectFrom('job_import_rows as r')
    .innerJoin('audit_events as e', 'e.subject_id', 'r.subject_id')
    .select(['r.subject', 'e.actor_name', 'e.actor_type', 'e.created_at'])
    .where('r.job_id', '=', jobId)
    .where('r.outcome', 'in', ['UPDATED', 'DELETED'])
    .where('e.created_at', '>=', since)
    .orderBy('e.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    subject: r.subject,
    actorName: r.actor_name,
    actorType: r.actor_type,
    createdAt: r.created_at,
  }));
}

/** The subjects' words an import's rows gave them, by record id (for a revert's report). */
export async function subjectsOf(
  db: Executor,
  jobId: string,
  ids: readonly string[],
): Promise<Map<string, { subject: string | null; subjectType: string | null }>> {
  const map = new Map<string, { subject: string | null; subjectType: string | null }>();
  if (!ids.length) return map;
  const rows = await db
    .selectFrom('job_import_rows')
    .select(['subject_id', 'subject', 'subject_type'])
    .where('job_id', '=', jobId)
    .where('subject_id', 'in', ids)
    .orderBy('file_row')
    .execute();
  for (const r of rows)
    if (r.subject_id && !map.has(r.subject_id))
      map.set(r.subject_id, { subject: r.subject, subjectType: r.subject_type });
  return map;
}

/** Deletes the rows and keys of import jobs finished more than `days` days ago; answers those jobs. */
export async function pruneImportRows(db: Executor, days: number, limit: number): Promise<string[]> {
  const jobs = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', ['IMPORT_PRODUCTS', 'IMPORT_INVENTORY', 'IMPORT_CUSTOMERS'])
    .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom('job_import_rows as r').select('r.file_row').whereRef('r.job_id', '=', 'jobs.id'),
        ),
        eb.exists(
          eb.selectFrom('job_import_keys as k').select('k.file_row').whereRef('k.job_id', '=', 'jobs.id'),
        ),
      ]),
    )
    .limit(limit)
    .execute();
  const ids = jobs.map((j) => j.id);
  if (!ids.length) return [];
  await db.deleteFrom('job_import_rows').where('job_id', 'in', ids).execute();
  await db.deleteFrom('job_import_keys').where('job_id', 'in', ids).execute();
  return ids;
}

/** Of these job ids, the import jobs finished more than `days` days ago (their uploads may go). */
export async function oldImportJobIds(db: Executor, ids: readonly string[], days: number): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('id', 'in', ids)
    .where('kind', 'in', ['IMPORT_PRODUCTS', 'IMPORT_INVENTORY', 'IMPORT_CUSTOMERS'])
    .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .execute();
  return rows.map((r) => r.id);
}
