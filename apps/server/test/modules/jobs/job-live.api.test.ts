import { afterAll, describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { subscribe, type SseStream } from '../../support/sse-client.js';
import { seedAuditEvents, startAuditExport } from './job-fixtures.js';

const JOB_UPDATED = `subscription($id: ID!) { jobUpdated(id: $id) { eventId type byYou job { id status progress { done total } } } }`;

/**
 * Issue #28: a job's progress reaches the screen that follows it live — every state change goes
 * through the outbox as `job.updated`, and `jobUpdated(id)` streams it to whoever may read the job.
 */
describe.each(DATABASES)('jobUpdated over SSE ($name)', ({ postgresUrl }) => {
  // Steps run by hand, so the test sees each one commit.
  const ctx = useServer({ postgresUrl, jobWorkers: false });
  const open: SseStream[] = [];
  afterAll(() => {
    for (const s of open) s.close();
  });

  it('streams each step of a job, from RUNNING to SUCCEEDED, and writes job.updated in the outbox', async () => {
    await seedAuditEvents(ctx.server, 1_500);
    const owner = await signedIn(ctx.server);
    const id = (await startAuditExport(owner)).job!['id'] as string;
    const jobId = decodeIdOf('Job', id)!;
    const before = ctx.server.app.services.live.count();
    const stream = await subscribe(ctx.server.url, JOB_UPDATED, { id }, { cookie: owner.cookie });
    open.push(stream);
    expect(stream.status).toBe(200);
    // The answer's headers come before the subscription has checked the job and joined the hub.
    await expect.poll(() => ctx.server.app.services.live.count()).toBe(before + 1);

    for (let step = 0; step < 10; step++)
      if ((await ctx.server.app.jobs.runStep({ jobId, step })) !== 'more') break;
    // Read until the finished state arrives: each step commits one or two job.updated events (and
    // the start's QUEUED one may still be on its way when the stream opened).
    const seen: Record<string, any>[] = [];
    while (seen.at(-1)?.['job'].status !== 'SUCCEEDED' && seen.length < 20) {
      const message = await stream.next(3_000);
      expect(message.data?.errors).toBeUndefined();
      seen.push(message.data?.data.jobUpdated);
    }
    for (const update of seen) expect(update).toMatchObject({ type: 'job.updated', job: { id } });
    const statuses = seen.map((u) => u['job'].status as string);
    expect(statuses).toContain('SUCCEEDED');
    const job = seen.at(-1)!['job'];
    expect(job.progress.done).toBe(job.progress.total);
    expect(job.progress.done).toBeGreaterThanOrEqual(1_500);
    expect(seen.at(-1)!['byYou']).toBe(false); // the steps are the system's work

    const events = await ctx.server.app.database.db
      .selectFrom('domain_events')
      .select(['type', 'payload'])
      .where('subject_type', '=', 'Job')
      .where('subject_id', '=', jobId)
      .orderBy('position')
      .execute();
    expect(events[0]).toMatchObject({ type: 'job.updated', payload: { status: 'QUEUED' } });
    expect(events.at(-1)).toMatchObject({ type: 'job.updated', payload: { status: 'SUCCEEDED' } });
  }, 60_000);

  it("refuses to follow a job one may not read, as if it did not exist, and an ID that is not a job's", async () => {
    const owner = await signedIn(ctx.server);
    const id = (await startAuditExport(owner)).job!['id'] as string;
    await ctx.server.createStaff({
      email: 'clerk-live-jobs@example.com',
      name: 'Clerk',
      password: 'a-long-clerk-password-1',
      roleKeys: ['fulfillment'],
    });
    const clerk = await signedIn(ctx.server, 'clerk-live-jobs@example.com', 'a-long-clerk-password-1');
    const refused = await subscribe(ctx.server.url, JOB_UPDATED, { id }, { cookie: clerk.cookie });
    open.push(refused);
    expect(JSON.stringify((await refused.next(3_000)).data)).toContain('NOT_FOUND');
    const notAJob = await subscribe(
      ctx.server.url,
      JOB_UPDATED,
      { id: 'job_nope' },
      { cookie: owner.cookie },
    );
    open.push(notAJob);
    expect(JSON.stringify((await notAJob.next(3_000)).data)).toContain('This is not the ID of a job.');
  });
});
