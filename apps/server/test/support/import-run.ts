import { expect } from 'vitest';
import { parseCsv } from './csv.js';
export { parseCsv };
import { sql } from 'kysely';
import { DomainError, PERMISSIONS } from '@stockroom/domain';
import type { TestServer } from '../../src/testing.js';
import type { Actor, Viewer } from '../../src/actor.js';
import type { AuditEvent } from '../../src/modules/audit/audit.model.js';
import { auditEventRow } from '../../src/modules/audit/audit.model.js';
import type {
  CsvRecord,
  Importer,
  ImportContext,
  ImportRowProblem,
  ImportRowResult,
} from '../../src/modules/jobs/import.model.js';
import { uuidv7 } from '../../src/lib/uuid.js';
import { inTransaction } from '../../src/lib/unit-of-work.js';
import type { Client } from '../helpers.js';
import { JOB_FIELDS, untilFinished } from '../modules/jobs/job-fixtures.js';

/**
 * Runs an importer as the engine (modules/imports) does, without it: one transaction a chunk, keys
 * claimed for the whole file, a savepoint per `isolated` piece of work. Real database and services.
 */

/** A file as the engine hands it over: its header and its records (row 2 onwards), cells trimmed. */
export function csvFile(rows: string[][]): { headers: string[]; records: CsvRecord[] } {
  const [header, ...rest] = rows;
  const headers = header!.map((h) => h.trim());
  return {
    headers,
    records: rest.map((r, i) => ({
      row: i + 2,
      cells: Object.fromEntries(headers.map((h, j) => [h, (r[j] ?? '').trim()])),
    })),
  };
}

export async function ownerActor(
  server: TestServer,
  jobId: string,
): Promise<Actor & { viewer: Viewer; jobId: string }> {
  const staff = await server.app.database.db
    .selectFrom('staff')
    .select(['id', 'name', 'email'])
    .where('email', '=', server.ownerEmail)
    .executeTakeFirstOrThrow();
  return {
    viewer: {
      staffId: staff.id,
      sessionId: 'import-test',
      email: staff.email,
      name: staff.name,
      isOwner: true,
      permissions: new Set(PERMISSIONS),
    },
    requestId: null,
    ip: null,
    jobId,
  };
}

export interface ImportRun {
  jobId: string;
  headerProblems: ImportRowProblem[];
  results: ImportRowResult[];
}

/** Checks the header, then runs the file in chunks of `chunk` records, each in its own transaction. */
export async function runImport(
  server: TestServer,
  importer: Importer,
  mode: 'DRY_RUN' | 'APPLY',
  rows: string[][],
  chunk = 500,
): Promise<ImportRun> {
  const db = server.app.database.db;
  const jobId = uuidv7();
  const { headers, records } = csvFile(rows);
  const headerProblems = await db.transaction().execute((trx) => importer.checkHeader(trx, headers));
  if (headerProblems.length) return { jobId, headerProblems, results: [] };
  const actor = await ownerActor(server, jobId);
  const claims = new Map<string, number>();
  const results: ImportRowResult[] = [];
  let savepoints = 0;
  for (let i = 0; i < records.length; i += chunk) {
    const part = records.slice(i, i + chunk);
    results.push(
      ...(await inTransaction(db, (trx) => {
        const ctx: ImportContext = {
          trx,
          actor,
          mode,
          headers,
          claimKeys: (keys) => {
            const earlier = new Map<string, number>();
            for (const { key, row } of keys) {
              const first = claims.get(key);
              if (first === undefined) claims.set(key, row);
              else if (first !== row) earlier.set(key, first);
            }
            return Promise.resolve(earlier);
          },
          isolated: async (work) => {
            const name = sql.raw(`import_${++savepoints}`);
            await sql`savepoint ${name}`.execute(trx);
            try {
              const value = await work();
              await sql`release savepoint ${name}`.execute(trx);
              return { ok: true, value };
            } catch (error) {
              await sql`rollback to savepoint ${name}`.execute(trx);
              if (error instanceof DomainError) return { ok: false, error };
              throw error;
            }
          },
        };
        return importer.run(ctx, part);
      })),
    );
  }
  return { jobId, headerProblems, results };
}

/** The audit events an import (its job) wrote, oldest first. */
export async function eventsOfJob(server: TestServer, jobId: string): Promise<AuditEvent[]> {
  const rows = await server.app.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(auditEventRow.of);
}

/**
 * Reverts an import's events as the engine does, newest first, each in its own savepoint: through
 * the importer's reverter for its action. Answers, per event, null (undone) or the refusal's words.
 */
export async function revertImport(
  server: TestServer,
  importer: Importer,
  jobId: string,
): Promise<{ action: string; refused: string | null }[]> {
  const events = (await eventsOfJob(server, jobId)).reverse();
  const actor: Actor = { ...(await ownerActor(server, uuidv7())) };
  const out: { action: string; refused: string | null }[] = [];
  for (const event of events) {
    const reverter = importer.reverters[event.action];
    if (!reverter) {
      out.push({ action: event.action, refused: 'no reverter' });
      continue;
    }
    try {
      await inTransaction(server.app.database.db, (trx) =>
        reverter(trx, { ...actor, reverting: { eventId: event.id } }, event),
      );
      out.push({ action: event.action, refused: null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      out.push({ action: event.action, refused: error.message });
    }
  }
  return out;
}

export const countAuditEvents = async (server: TestServer): Promise<number> =>
  Number(
    (
      await server.app.database.db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Starts a list export through the API, waits for it and downloads its file, parsed. */
export async function exportedRows(
  server: { url: string },
  client: Client,
  kind: string,
): Promise<string[][]> {
  const res = await client.request(
    `mutation($input: ExportStartInput!) { exportStart(input: $input) { job { ${JOB_FIELDS} } userErrors { field message code } } }`,
    { input: { kind } },
  );
  const payload = res.body.data?.['exportStart'] as { job: { id: string }; userErrors: unknown[] };
  expect(payload.userErrors).toEqual([]);
  const job = await untilFinished(client, payload.job.id);
  expect(job['status']).toBe('SUCCEEDED');
  const file = await fetch(`${server.url}${job['resultUrl']}`, { headers: { cookie: client.cookie! } });
  expect(file.status).toBe(200);
  return parseCsv(await file.text());
}
