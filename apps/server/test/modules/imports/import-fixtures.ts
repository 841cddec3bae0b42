import { sql } from 'kysely';
import type { TestServer } from '../../../src/testing.js';
import type { Client } from '../../helpers.js';

export const IMPORT_JOB_FIELDS = `id kind status failure importMode canApply canRevert
  importFile { name bytes rows sha256 }
  progress { done total } report { counts { name value } errors { row field message } }`;

export interface Payload {
  job: Record<string, any> | null;
  userErrors: { field: string[] | null; message: string; code: string }[];
}

/** Uploads a file to importStart through the API's multipart request (what the admin sends). */
export async function uploadImport(
  client: Client,
  url: string,
  body: string | Uint8Array | Blob,
  opts: { kind?: string; dryRun?: boolean; name?: string; idempotencyKey?: string } = {},
): Promise<{ status: number; payload: Payload | null; errors: { message: string; extensions?: any }[] }> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation($kind: ImportKind!, $file: Upload!, $dryRun: Boolean, $key: String) {
        importStart(kind: $kind, file: $file, dryRun: $dryRun, idempotencyKey: $key) {
          job { ${IMPORT_JOB_FIELDS} } userErrors { field message code } } }`,
      variables: {
        kind: opts.kind ?? 'CUSTOMERS',
        file: null,
        dryRun: opts.dryRun ?? true,
        key: opts.idempotencyKey ?? null,
      },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  const blob =
    body instanceof Blob
      ? body
      : new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type: 'text/csv' });
  form.append('0', blob, opts.name ?? 'customers.csv');
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'x-stockroom-csrf': '1', cookie: client.cookie! },
    body: form,
  });
  const json = (await res.json()) as { data?: { importStart?: Payload } | null; errors?: [] };
  return { status: res.status, payload: json.data?.importStart ?? null, errors: json.errors ?? [] };
}

export async function readImportJob(client: Client, id: string): Promise<Record<string, any>> {
  const res = await client.request(`query($id: ID!) { job(id: $id) { ${IMPORT_JOB_FIELDS} } }`, { id });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data!['job'] as Record<string, any>;
}

export async function importRows(client: Client, id: string, outcome: string[] | null = null, first = 100) {
  const res = await client.request(
    `query($id: ID!, $outcome: [ImportRowOutcome!], $first: Int) { job(id: $id) { ... on Job {
      importRows(outcome: $outcome, first: $first) { totalCount edges { node {
        row outcome subject subjectType subjectId productId changes { field before after } problems { column code message } } } } } } }`,
    { id, outcome, first },
  );
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  const conn = (res.body.data!['job'] as Record<string, any>)['importRows'];
  return {
    total: conn.totalCount as number,
    rows: (conn.edges as any[]).map((e) => e.node as Record<string, any>),
  };
}

export async function importApply(client: Client, jobId: string, idempotencyKey?: string) {
  const res = await client.request(
    `mutation($id: ID!, $key: String) { importApply(jobId: $id, idempotencyKey: $key) {
      job { ${IMPORT_JOB_FIELDS} } userErrors { field message code } } }`,
    { id: jobId, key: idempotencyKey ?? null },
  );
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data!['importApply'] as Payload;
}

export async function jobRevert(client: Client, jobId: string) {
  const res = await client.request(
    `mutation($id: ID!) { jobRevert(jobId: $id) { job { ${IMPORT_JOB_FIELDS} } userErrors { field message code } } }`,
    { id: jobId },
  );
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data!['jobRevert'] as Payload;
}

/** Runs a job's steps by hand (workers off) until it finishes; answers how many steps ran. */
export async function runAllSteps(server: TestServer, uuid: string, max = 100): Promise<number> {
  for (let i = 0; i < max; i++) {
    const job = await server.app.database.db
      .selectFrom('jobs')
      .select(['step', 'status'])
      .where('id', '=', uuid)
      .executeTakeFirstOrThrow();
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return i;
    await server.app.jobs.runStep({ jobId: uuid, step: job.step });
  }
  throw new Error('the job did not finish');
}

export const countsOf = (job: Record<string, any>) =>
  Object.fromEntries(
    (job['report']['counts'] as { name: string; value: number }[]).map((c) => [c.name, c.value]),
  );

export async function tableCount(server: TestServer, table: 'customers' | 'audit_events'): Promise<number> {
  const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
    server.app.database.db,
  );
  return Number(r.rows[0]!.n);
}

/** A customers CSV of `n` rows (emails c1…cn@example.com). */
export function customersCsv(n: number, from = 1, last = 'Lee'): string {
  const lines = ['Email,First Name,Last Name'];
  for (let i = from; i < from + n; i++) lines.push(`c${i}@example.com,Ana ${i},${last}`);
  return lines.join('\n') + '\n';
}
