import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { decodeIdOf, encodeId } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { inTransaction } from '../../../src/lib/unit-of-work.js';
import { jobStart } from '../../../src/modules/jobs/job.service.js';
import { JOB_STEP_QUEUE } from '../../../src/app/jobs.js';
import type { Viewer } from '../../../src/actor.js';
import { PERMISSIONS } from '@stockroom/domain';
import {
  cancelJob,
  readJob,
  seedAuditEvents,
  seededIds,
  startAuditExport,
  untilFinished,
} from './job-fixtures.js';

describe.each(DATABASES)('background jobs on $name (workers on)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('exports more than 10,000 audit events in steps, each exactly once, and serves the CSV', async () => {
    await seedAuditEvents(ctx.server, 10_500);
    const owner = await signedIn(ctx.server);
    const started = await startAuditExport(owner);
    expect(started.userErrors).toEqual([]);
    expect(started.job).toMatchObject({ kind: 'EXPORT_AUDIT', kindLabel: 'Audit log export' });
    const job = await untilFinished(owner, started.job!['id'] as string);
    expect(job).toMatchObject({ status: 'SUCCEEDED', failure: null, canCancel: false });
    const events = await ctx.server.app.database.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '!=', 'job.start')
      .executeTakeFirstOrThrow();
    // Every event before the export started (the export's own job.start included).
    expect(job['progress']['done']).toBeGreaterThanOrEqual(Number(events.n));
    expect(job['progress']['total']).toBe(job['progress']['done']);
    expect(job['report']['counts']).toContainEqual({ name: 'events', value: job['progress']['done'] });
    expect(job['resultUrl']).toMatch(/^\/exports\/jobs\/job_/);

    const res = await fetch(`${ctx.server.url}${job['resultUrl']}`, { headers: { cookie: owner.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const csv = await res.text();
    expect(
      csv.startsWith(
        'created_at,action,actor_type,actor,subject_type,subject_id,field,before,after,ip,request_id\n',
      ),
    ).toBe(true);
    expect(csv.match(/^created_at,/gm)).toHaveLength(1);
    const ids = seededIds(csv);
    expect(ids).toHaveLength(10_500);
    expect(new Set(ids).size).toBe(10_500);
    // Newest first (events of one second in id order among themselves).
    const seconds = ids.map((id) => Math.floor(Number(id.slice(-12)) / 10));
    expect(seconds.every((s, i) => i === 0 || s <= seconds[i - 1]!)).toBe(true);
    expect(seconds[0]).toBe(1050);
    expect(seconds.at(-1)).toBe(0);
  }, 120_000);

  it('refuses a bad search, a starter without the permissions, and hides the result from others (404)', async () => {
    const owner = await signedIn(ctx.server);
    const bad = await startAuditExport(owner, 'nosuchfield:1');
    expect(bad.job).toBeNull();
    expect(bad.userErrors[0]).toMatchObject({ field: ['input', 'query'] });

    await ctx.server.createStaff({
      email: 'clerk-jobs@example.com',
      name: 'Clerk',
      password: 'a-long-clerk-password-1',
      roleKeys: ['fulfillment'],
    });
    const clerk = await signedIn(ctx.server, 'clerk-jobs@example.com', 'a-long-clerk-password-1');
    const refused = await startAuditExport(clerk);
    expect(refused.job).toBeNull();
    expect(refused.userErrors[0]!.message).toMatch(/needs AUDIT_READ and DATA_EXPORT/);

    const mine = await startAuditExport(owner, 'action:staff');
    const done = await untilFinished(owner, mine.job!['id'] as string);
    expect(done['status']).toBe('SUCCEEDED');
    expect(await readJob(clerk, done['id'] as string)).toBeNull();
    const list = await clerk.request(`{ jobs(first: 10) { edges { node { id } } } }`);
    expect(list.body.data?.['jobs']).toEqual({ edges: [] });
    const res = await fetch(`${ctx.server.url}${done['resultUrl']}`, { headers: { cookie: clerk.cookie! } });
    expect(res.status).toBe(404);
    const anonymous = await fetch(`${ctx.server.url}${done['resultUrl']}`);
    expect(anonymous.status).toBe(401);
    const csv = await (
      await fetch(`${ctx.server.url}${done['resultUrl']}`, { headers: { cookie: owner.cookie! } })
    ).text();
    expect(
      csv
        .split('\n')
        .slice(1, -1)
        .every((line) => line.split(',')[1]!.startsWith('staff.')),
    ).toBe(true);
  }, 60_000);

  it('runs a bulk edit of more than 1,000 products as a job with progress; under that it stays immediate', async () => {
    const db = ctx.server.app.database.db;
    await sql`insert into products (id, title, handle, status)
      select gen_random_uuid(), 'Bulk item ' || g, 'bulk-item-' || g, 'DRAFT' from generate_series(1, 1500) g`.execute(
      db,
    );
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('handle', 'like', 'bulk-item-%')
      .execute();
    const ids = rows.map((r) => encodeId('Product', r.id));
    const owner = await signedIn(ctx.server);
    const bulk = (list: string[], action: Record<string, unknown>) =>
      owner.request(
        `mutation($ids: [ID!], $action: ProductBulkActionInput!) { productsBulkUpdate(ids: $ids, action: $action) {
          changedCount job { id kind status progress { done total } } userErrors { message } } }`,
        { ids: list, action },
      );
    const small = await bulk(ids.slice(0, 3), { addTags: ['small'] });
    expect(small.body.data?.['productsBulkUpdate']).toMatchObject({
      changedCount: 3,
      job: null,
      userErrors: [],
    });

    const large = await bulk(ids, { setStatus: 'ARCHIVED' });
    const payload = large.body.data?.['productsBulkUpdate'];
    expect(payload).toMatchObject({
      changedCount: 0,
      userErrors: [],
      job: { kind: 'BULK_EDIT', status: 'QUEUED', progress: { done: 0, total: 1500 } },
    });
    const done = await untilFinished(owner, payload.job.id as string);
    expect(done).toMatchObject({
      status: 'SUCCEEDED',
      progress: { done: 1500, total: 1500 },
      resultUrl: null,
    });
    expect(done['report']['counts']).toContainEqual({ name: 'updated', value: 1500 });
    const archived = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('handle', 'like', 'bulk-item-%')
      .where('status', '=', 'ARCHIVED')
      .executeTakeFirstOrThrow();
    expect(Number(archived.n)).toBe(1500);
    const events = await sql<{
      n: number;
      subjects: number;
    }>`select count(*)::int as n, count(distinct subject_id)::int as subjects
      from audit_events where action = 'product.update' and changes->'status'->>'after' = 'ARCHIVED'`.execute(
      db,
    );
    expect(events.rows[0]).toEqual({ n: 1500, subjects: 1500 });

    const bad = await bulk(ids, { addTags: ['x'.repeat(300)] });
    expect(bad.body.data?.['productsBulkUpdate']['job']).toBeNull();
    expect(bad.body.data?.['productsBulkUpdate']['userErrors'].length).toBeGreaterThan(0);
  }, 60_000);

  it('a command that rolls back enqueues nothing', async () => {
    const db = ctx.server.app.database.db;
    const owner = await db
      .selectFrom('staff')
      .selectAll()
      .where('is_owner', '=', true)
      .executeTakeFirstOrThrow();
    const viewer: Viewer = {
      staffId: owner.id,
      sessionId: '',
      email: owner.email,
      name: owner.name,
      isOwner: true,
      permissions: new Set(PERMISSIONS),
    };
    const steps = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pgboss.job where name = ${JOB_STEP_QUEUE}`.execute(db)
        ).rows[0]!.n,
      );
    const jobs = async () =>
      Number(
        (
          await db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [stepsBefore, jobsBefore] = [await steps(), await jobs()];
    await expect(
      inTransaction(db, async (trx) => {
        await jobStart(trx, { viewer, requestId: null, ip: null }, ctx.server.app.services.jobs, {
          kind: 'EXPORT_AUDIT',
          input: { query: null },
          resultName: 'x.csv',
        });
        expect(
          await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${JOB_STEP_QUEUE}`
            .execute(trx)
            .then((r) => r.rows[0]!.n),
        ).toBe(stepsBefore + 1);
        throw new Error('the command failed after starting the job');
      }),
    ).rejects.toThrow('the command failed');
    expect(await steps()).toBe(stepsBefore);
    expect(await jobs()).toBe(jobsBefore);
  });
});

describe.each(DATABASES)('background jobs on $name, step by step (workers off)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, jobWorkers: false });
  const uuid = (id: string) => decodeIdOf('Job', id)!;
  const stepsOf = async (jobId: string) =>
    (
      await sql<{
        step: number;
        state: string;
      }>`select (data->>'step')::int as step, state::text from pgboss.job
        where name = ${JOB_STEP_QUEUE} and data->>'jobId' = ${jobId} order by (data->>'step')::int`.execute(
        ctx.server.app.database.db,
      )
    ).rows;

  it('cancels a queued job at once; its step then does nothing; a second cancel is refused', async () => {
    const owner = await signedIn(ctx.server);
    const started = await startAuditExport(owner);
    const id = started.job!['id'] as string;
    expect(started.job).toMatchObject({ status: 'QUEUED', canCancel: true });
    expect(await stepsOf(uuid(id))).toEqual([{ step: 0, state: 'created' }]);
    const cancelled = await cancelJob(owner, id);
    expect(cancelled.userErrors).toEqual([]);
    expect(cancelled.job).toMatchObject({ status: 'CANCELLED', canCancel: false, resultUrl: null });
    expect(await ctx.server.app.jobs.runStep({ jobId: uuid(id), step: 0 })).toBe('skipped');
    const again = await cancelJob(owner, id);
    expect(again.job).toBeNull();
    expect(again.userErrors[0]).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: expect.stringMatching(/already finished/),
    });
    const audit = await ctx.server.app.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('subject_type', '=', 'Job')
      .where('subject_id', '=', uuid(id))
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['job.start', 'job.cancel']);
  });

  it('stops a running job at its next step, keeping what it committed; a repeated step does nothing', async () => {
    await seedAuditEvents(ctx.server, 2_500);
    const owner = await signedIn(ctx.server);
    const id = (await startAuditExport(owner)).job!['id'] as string;
    const jobId = uuid(id);
    expect(await ctx.server.app.jobs.runStep({ jobId, step: 0 })).toBe('more');
    // The same step again (its process killed after the commit): nothing more happens.
    expect(await ctx.server.app.jobs.runStep({ jobId, step: 0 })).toBe('skipped');
    const running = await readJob(owner, id);
    expect(running).toMatchObject({ status: 'RUNNING', progress: { done: 1000 }, canCancel: true });
    expect(running!['progress']['total']).toBeGreaterThan(2_500);
    expect((await stepsOf(jobId)).map((s) => s.step)).toEqual([0, 1]);
    const cancelling = await cancelJob(owner, id);
    expect(cancelling.job).toMatchObject({ status: 'RUNNING', cancelRequested: true, canCancel: false });
    expect(await ctx.server.app.jobs.runStep({ jobId, step: 1 })).toBe('finished');
    const cancelled = await readJob(owner, id);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', progress: { done: 1000 }, resultUrl: null });
    expect(cancelled!['finishedAt']).toBeTruthy();
    expect((await stepsOf(jobId)).map((s) => s.step)).toEqual([0, 1]);
  });

  it('checks the starter again at each step: deactivated since, the job FAILS with the reason', async () => {
    const staffId = await ctx.server.createStaff({
      email: 'auditor-jobs@example.com',
      name: 'Avery Auditor',
      password: 'a-long-auditor-password-1',
      roleKeys: ['administrator'],
    });
    const auditor = await signedIn(ctx.server, 'auditor-jobs@example.com', 'a-long-auditor-password-1');
    const id = (await startAuditExport(auditor)).job!['id'] as string;
    const owner = await signedIn(ctx.server);
    // Not the starter and not the owner: may read it (same permissions), may not cancel it.
    const other = await ctx.server.createStaff({
      email: 'admin2-jobs@example.com',
      name: 'Second Admin',
      password: 'a-long-admin2-password-1',
      roleKeys: ['administrator'],
    });
    expect(other).toBeTruthy();
    const admin2 = await signedIn(ctx.server, 'admin2-jobs@example.com', 'a-long-admin2-password-1');
    expect(await readJob(admin2, id)).toMatchObject({
      canCancel: false,
      startedBy: { name: 'Avery Auditor' },
    });
    const notYours = await cancelJob(admin2, id);
    expect(notYours.userErrors[0]!.message).toMatch(/Only the person who started this job/);

    const off = await owner.request(
      `mutation($id: ID!) { staffDeactivate(id: $id) { userErrors { message } } }`,
      {
        id: encodeId('Staff', staffId),
      },
    );
    expect(off.body.data?.['staffDeactivate']).toEqual({ userErrors: [] });
    expect(await ctx.server.app.jobs.runStep({ jobId: uuid(id), step: 0 })).toBe('finished');
    const failed = await readJob(owner, id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      failure: 'Avery Auditor, who started it, is no longer active.',
      progress: { done: 0 },
      resultUrl: null,
    });
  });
});
