import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers.js';
import {
  childEnv,
  createTestDatabase,
  ensureServerBuilt,
  killChildren,
  signedInTo,
  startChildServer,
  uuidOfPublicId as uuidOf,
  type ChildServer,
} from '../../support/child-server.js';
import { readJob, seededIds, startAuditExport, untilFinished } from './job-fixtures.js';

const postgresUrl = process.env['TEST_DATABASE_URL'];

/**
 * Issue #28 §4 on PostgreSQL, with real server processes on one database and one data folder: a job
 * enqueued on instance A runs exactly once across A and B, and one whose instance is killed
 * (SIGKILL) mid-job is finished, once, by the other.
 */
describe.skipIf(!postgresUrl)('jobs across server instances on PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-jobs-instances-'));
  const children: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    ensureServerBuilt();
    database = await createTestDatabase(postgresUrl!, 'stockroom_test_jobs');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  });

  afterAll(async () => {
    killChildren(children);
    await pool?.end();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `dist/main.js start` on the shared database and folder (steps time out after 3 s). */
  const startInstance = (): Promise<ChildServer> =>
    startChildServer(children, {
      ...childEnv({ databaseUrl: database.url, dataDir }),
      STOCKROOM_JOB_STEP_TIMEOUT_SECONDS: '3',
    });

  async function seed(n: number, first: number): Promise<void> {
    await pool.query(
      `insert into audit_events (id, actor_type, action, subject_type, subject_id, changes, created_at)
       select gen_random_uuid(), 'system', 'test.seed', 'Seed',
         ('00000000-0000-0000-0000-' || lpad(g::text, 12, '0'))::uuid, '{}'::jsonb,
         now() - interval '2 days' + g * interval '1 millisecond'
       from generate_series($1::int, $2::int) g`,
      [first, first + n - 1],
    );
  }

  /** The engine's record of a job's steps: one row per step, each completed once. */
  async function stepsOf(jobId: string) {
    const { rows } = await pool.query<{ step: number; state: string; retry_count: number }>(
      `select (data->>'step')::int as step, state::text, retry_count from pgboss.job
       where name = 'stockroom-job-step' and data->>'jobId' = $1
       union all
       select (data->>'step')::int, state::text, retry_count from pgboss.archive
       where name = 'stockroom-job-step' and data->>'jobId' = $1
       order by 1`,
      [jobId],
    );
    return rows;
  }

  async function csvOf(client: Client, url: string, job: Record<string, any>): Promise<string> {
    const res = await fetch(`${url}${job['resultUrl']}`, { headers: { cookie: client.cookie! } });
    expect(res.status).toBe(200);
    return res.text();
  }

  it('runs a job enqueued on A exactly once across A and B', async () => {
    const a = await startInstance();
    const b = await startInstance();
    await seed(5_500, 1);
    const onA = await signedInTo(a.url);
    const onB = await signedInTo(b.url);
    const started = await startAuditExport(onA);
    expect(started.userErrors).toEqual([]);
    const id = started.job!['id'] as string;
    const done = await untilFinished(onB, id, 60_000);
    expect(done['status']).toBe('SUCCEEDED');
    const ids = seededIds(await csvOf(onB, b.url, done));
    expect(ids).toHaveLength(5_500);
    expect(new Set(ids).size).toBe(5_500);
    const steps = await stepsOf(uuidOf(id));
    // 5,500 seeded events and a few of the servers' own: six steps of 1,000, each run once.
    expect(steps.map((s) => s.step)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(steps.every((s) => s.state === 'completed' && s.retry_count === 0)).toBe(true);
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    await Promise.all([a.exited(), b.exited()]);
    expect(a.child.exitCode).toBe(0);
    expect(b.child.exitCode).toBe(0);
  }, 120_000);

  it('finishes once, on B, a job whose instance A was killed (SIGKILL) mid-job', async () => {
    await seed(24_500, 5_501); // 30,000 seeded in all
    const a = await startInstance();
    const onA = await signedInTo(a.url);
    const id = (await startAuditExport(onA)).job!['id'] as string;
    // Killed once it has committed some steps and not all.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = await readJob(onA, id);
      if (job?.['status'] === 'RUNNING' && job['progress']['done'] >= 2_000) break;
      if (Date.now() > deadline || ['SUCCEEDED', 'FAILED'].includes(job?.['status'] as string))
        throw new Error(`the job was not caught mid-way: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    a.child.kill('SIGKILL');
    await a.exited();
    const { rows } = await pool.query<{ progress_done: number; status: string }>(
      'select progress_done, status from jobs where id = $1',
      [uuidOf(id)],
    );
    expect(rows[0]!.status).toBe('RUNNING');
    expect(rows[0]!.progress_done).toBeLessThan(30_000);

    const b = await startInstance();
    const onB = await signedInTo(b.url);
    const done = await untilFinished(onB, id, 90_000);
    expect(done['status']).toBe('SUCCEEDED');
    const ids = seededIds(await csvOf(onB, b.url, done));
    expect(ids).toHaveLength(30_000);
    expect(new Set(ids).size).toBe(30_000);
    expect(done['progress']['done']).toBe(
      done['report']['counts'].find((c: any) => c.name === 'events').value,
    );
    // Each step once in the job's own record (steps 0…n-1, one after the other).
    const steps = await stepsOf(uuidOf(id));
    expect(new Set(steps.map((s) => s.step)).size).toBe(steps.length);
    b.child.kill('SIGTERM');
    await b.exited();
  }, 180_000);
});
