import { sql } from 'kysely';
import { DomainError, PERMISSIONS } from '@stockroom/domain';
import type { Tx } from '../../../src/db/database.js';
import { inTransaction } from '../../../src/lib/unit-of-work.js';
import type { TestServer } from '../../../src/testing.js';
import type {
  CsvRecord,
  ImportContext,
  Importer,
  ImportRowResult,
} from '../../../src/modules/jobs/import.model.js';
import { productImporter } from '../../../src/modules/inventory/product-import.js';
import { parseCsv } from '../../support/csv.js';

export { parseCsv };

/**
 * Runs the products importer's `run` as the engine will (issue #29) until the engine is merged: a
 * job row to claim keys under, one transaction per chunk of whole groups, claims in
 * job_import_keys, each group isolated by a savepoint. Real database, real services.
 */

/** The file's header and records (row 2 is the first record, as a spreadsheet numbers it). */
export function csvRecords(text: string): { headers: string[]; records: CsvRecord[] } {
  const [header, ...rest] = parseCsv(text);
  const headers = header!.map((h) => h.trim());
  return {
    headers,
    records: rest
      .filter((r) => r.some((c) => c.trim() !== ''))
      .map((r, i) => ({
        row: i + 2,
        cells: Object.fromEntries(headers.map((h, j) => [h, (r[j] ?? '').trim()])),
      })),
  };
}

export function csvText(headers: string[], rows: Record<string, string>[]): string {
  const cell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return (
    [headers, ...rows.map((r) => headers.map((h) => r[h] ?? ''))]
      .map((r) => r.map(cell).join(','))
      .join('\n') + '\n'
  );
}

export const IMPORTER = productImporter({ config: { dataDir: 'memory://', outboundAllow: [] } });

/** Makes an import job row (the keys and audit events name it), started by the owner. */
export async function makeJob(
  server: TestServer,
  mode: 'DRY_RUN' | 'APPLY',
): Promise<{ jobId: string; staffId: string }> {
  const db = server.app.database.db;
  const staff = await sql<{
    id: string;
  }>`select id from staff where lower(email) = ${server.ownerEmail.toLowerCase()}`.execute(db);
  const staffId = staff.rows[0]!.id;
  const jobId = crypto.randomUUID();
  await sql`insert into jobs (id, kind, status, started_by_type, started_by_staff_id, started_by_name, input)
    values (${jobId}, 'IMPORT_PRODUCTS', 'RUNNING', 'staff', ${staffId}, 'Owner',
      ${JSON.stringify({ mode, fileName: 'products.csv' })}::jsonb)`.execute(db);
  return { jobId, staffId };
}

function context(
  trx: Tx,
  jobId: string,
  staffId: string,
  mode: 'DRY_RUN' | 'APPLY',
  headers: string[],
): ImportContext {
  let savepoints = 0;
  return {
    trx,
    mode,
    headers,
    actor: {
      viewer: {
        staffId,
        sessionId: '',
        email: '',
        name: 'Owner',
        isOwner: true,
        permissions: new Set(PERMISSIONS),
      },
      requestId: null,
      ip: null,
      jobId,
    },
    async claimKeys(keys) {
      const answer = new Map<string, number>();
      for (const { key, row } of keys) {
        await sql`insert into job_import_keys (job_id, key, file_row) values (${jobId}, ${key}, ${row}) on conflict do nothing`.execute(
          trx,
        );
        const held = await sql<{
          file_row: number;
        }>`select file_row from job_import_keys where job_id = ${jobId} and key = ${key}`.execute(trx);
        const first = held.rows[0]!.file_row;
        if (first !== row) answer.set(key, first);
      }
      return answer;
    },
    async isolated(work) {
      const name = sql.raw(`import_group_${++savepoints}`);
      await sql`savepoint ${name}`.execute(trx);
      try {
        const value = await work();
        await sql`release savepoint ${name}`.execute(trx);
        return { ok: true as const, value };
      } catch (error) {
        await sql`rollback to savepoint ${name}`.execute(trx);
        if (error instanceof DomainError) return { ok: false as const, error };
        throw error;
      }
    },
  };
}

/** Runs a whole file: chunks of whole groups (at most `rowsPerChunk` rows unless a group is longer), a transaction each. */
export async function runImport(
  server: TestServer,
  text: string,
  mode: 'DRY_RUN' | 'APPLY',
  opts: { rowsPerChunk?: number; jobId?: string; importer?: Importer } = {},
): Promise<{
  jobId: string;
  rows: ImportRowResult[];
  headerProblems: Awaited<ReturnType<typeof IMPORTER.checkHeader>>;
}> {
  const db = server.app.database.db;
  const importer = opts.importer ?? IMPORTER;
  const { headers, records } = csvRecords(text);
  const job = opts.jobId
    ? { jobId: opts.jobId, staffId: (await makeJob(server, mode)).staffId }
    : await makeJob(server, mode);
  const headerProblems = await db.transaction().execute((trx) => importer.checkHeader(trx, headers));
  if (headerProblems.length) return { jobId: job.jobId, rows: [], headerProblems };
  const chunks: CsvRecord[][] = [];
  let current: CsvRecord[] = [];
  let lastKey: string | null = null;
  for (const r of records) {
    const key = importer.groupKey!(r);
    if (current.length >= (opts.rowsPerChunk ?? 500) && key !== lastKey) {
      chunks.push(current);
      current = [];
    }
    current.push(r);
    lastKey = key;
  }
  if (current.length) chunks.push(current);
  const rows: ImportRowResult[] = [];
  for (const chunk of chunks)
    rows.push(
      ...(await inTransaction(db, (trx) =>
        importer.run(context(trx, job.jobId, job.staffId, mode, headers), chunk),
      )),
    );
  return { jobId: job.jobId, rows, headerProblems };
}

export const countsOf = (rows: ImportRowResult[]) =>
  rows.reduce<Record<string, number>>((c, r) => ({ ...c, [r.outcome]: (c[r.outcome] ?? 0) + 1 }), {});
