import { sql } from 'kysely';
import type { TestServer } from '../../../src/testing.js';
import type { Client } from '../../helpers.js';

export const JOB_FIELDS = `id kind kindLabel status failure cancelRequested canCancel resultName resultUrl
  progress { done total } report { counts { name value } errors { row field message } }
  startedBy { type name } createdAt startedAt finishedAt`;

/**
 * Adds `n` audit events in one statement (subject ids 1…n, ten to a second, so many tie on their
 * time and the export's keyset must tell them apart by id).
 */
export async function seedAuditEvents(server: TestServer, n: number): Promise<void> {
  await sql`insert into audit_events (id, actor_type, actor_name, action, subject_type, subject_id, changes, created_at)
    select gen_random_uuid(), 'system', null, 'test.seed', 'Seed',
      ('00000000-0000-0000-0000-' || lpad(g::text, 12, '0'))::uuid, '{}'::jsonb,
      now() - interval '1 day' + (g / 10) * interval '1 second'
    from generate_series(1, ${n}) g`.execute(server.app.database.db);
}

export async function startAuditExport(client: Client, query: string | null = null) {
  const res = await client.request(
    `mutation($input: ExportStartInput!) { exportStart(input: $input) { job { ${JOB_FIELDS} } userErrors { field message code } } }`,
    { input: { kind: 'EXPORT_AUDIT', query } },
  );
  return res.body.data?.['exportStart'] as {
    job: Record<string, any> | null;
    userErrors: { field: string[] | null; message: string; code: string }[];
  };
}

export async function readJob(client: Client, id: string): Promise<Record<string, any> | null> {
  const res = await client.request(`query($id: ID!) { job(id: $id) { ${JOB_FIELDS} } }`, { id });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return (res.body.data?.['job'] as Record<string, any> | null) ?? null;
}

export async function cancelJob(client: Client, id: string) {
  const res = await client.request(
    `mutation($id: ID!) { jobCancel(id: $id) { job { ${JOB_FIELDS} } userErrors { field message code } } }`,
    { id },
  );
  return res.body.data?.['jobCancel'] as {
    job: Record<string, any> | null;
    userErrors: { message: string; code: string }[];
  };
}

/** Polls a job until it has finished (or the time is up). */
export async function untilFinished(client: Client, id: string, ms = 60_000): Promise<Record<string, any>> {
  const end = Date.now() + ms;
  for (;;) {
    const job = await readJob(client, id);
    if (job && !['QUEUED', 'RUNNING'].includes(job['status'] as string)) return job;
    if (Date.now() > end) throw new Error(`job ${id} still ${job?.['status']} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The seeded events' subject ids as the CSV has them, in order. */
export function seededIds(csv: string): string[] {
  return csv
    .split('\n')
    .filter((line) => line.includes(',test.seed,'))
    .map((line) => line.split(',')[5]!);
}
