import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { MAINTENANCE_CRON, MAINTENANCE_QUEUE, runMaintenance } from '../../../src/app/maintenance.js';
import { jobFilesDir, writeJobPart } from '../../../src/modules/jobs/job-files.js';
import { uuidv7 } from '../../../src/lib/uuid.js';
import { createLogger } from '../../../src/lib/logger.js';
import { readJob, startAuditExport, untilFinished } from './job-fixtures.js';

/**
 * Issue #28 §2 retention as a scheduled job: the hourly maintenance job prunes old outbox events and
 * deletes the result files of jobs finished long enough ago, marking them so the API says "expired".
 * The handler is run here directly, with rows made old in the database.
 */
describe.each(DATABASES)('maintenance job on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('is scheduled hourly with pg-boss (its scheduler on, in UTC)', async () => {
    const { rows } = await ctx.server.app.database.executeSql(
      `select name, cron, timezone from pgboss.schedule where name = $1`,
      [MAINTENANCE_QUEUE],
    );
    expect(rows).toEqual([{ name: MAINTENANCE_QUEUE, cron: MAINTENANCE_CRON, timezone: 'UTC' }]);
  });

  it('prunes old events, expires old job results (410 in words), keeps the rest, and can run twice', async () => {
    const app = ctx.server.app;
    const db = app.database.db;
    const config = app.services.config;
    const dir = jobFilesDir(config);
    const owner = await signedIn(ctx.server);
    const old = await untilFinished(owner, (await startAuditExport(owner)).job!['id'] as string);
    const fresh = await untilFinished(
      owner,
      (await startAuditExport(owner, 'action:job')).job!['id'] as string,
    );
    const oldId = decodeIdOf('Job', old['id'] as string)!;
    const freshId = decodeIdOf('Job', fresh['id'] as string)!;
    expect(fs.existsSync(path.join(dir, oldId))).toBe(true);
    // A directory of a job this database does not know (another store sharing the data directory).
    const stranger = uuidv7();
    await writeJobPart(dir, stranger, 0, 'not ours\n');

    // Old enough: the export finished 8 days ago (kept 7); two events from before the retention.
    await db
      .updateTable('jobs')
      .set({ finished_at: sql<Date>`now() - interval '8 days'` })
      .where('id', '=', oldId)
      .execute();
    const events = await db.selectFrom('domain_events').select('id').orderBy('position').execute();
    expect(events.length).toBeGreaterThan(3);
    const agedIds = events.slice(0, 2).map((e) => e.id);
    await db
      .updateTable('domain_events')
      .set({ created_at: sql<Date>`now() - make_interval(days => ${config.eventRetentionDays + 1})` })
      .where('id', 'in', agedIds)
      .execute();
    // Exactly at the edge is kept.
    await db
      .updateTable('domain_events')
      .set({
        created_at: sql<Date>`now() - make_interval(days => ${config.eventRetentionDays}) + interval '1 minute'`,
      })
      .where('id', '=', events[2]!.id)
      .execute();
    const before = events.length;

    const deps = {
      db: app.database.upkeep,
      filesDir: dir,
      eventRetentionDays: config.eventRetentionDays,
      jobResultRetentionDays: config.jobResultRetentionDays,
      log: createLogger('silent'),
    };
    const report = await runMaintenance(deps);
    expect(report).toEqual({
      eventsPruned: 2,
      resultsExpired: 1,
      filesDeleted: 1,
      importsPruned: 0,
      deliveriesPruned: 0,
    });

    const left = await db.selectFrom('domain_events').select('id').execute();
    const leftIds = new Set(left.map((e) => e.id));
    expect(agedIds.some((id) => leftIds.has(id))).toBe(false);
    expect(leftIds.has(events[2]!.id)).toBe(true);
    // The rest kept, plus the expired job's job.updated.
    expect(left.length).toBe(before - 2 + 1);
    const updated = await db
      .selectFrom('domain_events')
      .select('payload')
      .where('subject_id', '=', oldId)
      .where('type', '=', 'job.updated')
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    expect(updated.payload).toMatchObject({ status: 'SUCCEEDED' });

    expect(fs.existsSync(path.join(dir, oldId))).toBe(false);
    expect(fs.existsSync(path.join(dir, freshId))).toBe(true);
    expect(fs.existsSync(path.join(dir, stranger))).toBe(true);

    const expired = await owner.request(
      `query($id: ID!) { job(id: $id) { status resultUrl resultName resultExpiredAt resultExpiredMessage } }`,
      { id: old['id'] },
    );
    expect(expired.body.data?.['job']).toEqual({
      status: 'SUCCEEDED',
      resultUrl: null,
      resultName: old['resultName'],
      resultExpiredAt: expect.any(String),
      resultExpiredMessage: `This file has expired: results are kept ${config.jobResultRetentionDays} days after the job finishes. Start the job again for a new one.`,
    });
    const gone = await fetch(`${ctx.server.url}${old['resultUrl']}`, { headers: { cookie: owner.cookie! } });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ error: expect.stringMatching(/^This file has expired/) });
    expect((await readJob(owner, fresh['id'] as string))!['resultUrl']).toBe(fresh['resultUrl']);
    const kept = await fetch(`${ctx.server.url}${fresh['resultUrl']}`, {
      headers: { cookie: owner.cookie! },
    });
    expect(kept.status).toBe(200);
    expect(await kept.text()).toMatch(/^created_at,action,/);

    // A run cut off after the mark left a file behind: the next run deletes it; nothing else moves.
    await writeJobPart(dir, oldId, 0, 'left behind\n');
    expect(await runMaintenance(deps)).toEqual({
      eventsPruned: 0,
      resultsExpired: 0,
      filesDeleted: 1,
      importsPruned: 0,
      deliveriesPruned: 0,
    });
    expect(fs.existsSync(path.join(dir, oldId))).toBe(false);
    expect(await runMaintenance(deps)).toEqual({
      eventsPruned: 0,
      resultsExpired: 0,
      filesDeleted: 0,
      importsPruned: 0,
      deliveriesPruned: 0,
    });
    expect(fs.existsSync(path.join(dir, stranger))).toBe(true);
    fs.rmSync(path.join(dir, stranger), { recursive: true, force: true });
  }, 60_000);

  it('answers 410 in words, never 500, when a kept result lost its file on the disk', async () => {
    const owner = await signedIn(ctx.server);
    const job = await untilFinished(
      owner,
      (await startAuditExport(owner, 'action:staff')).job!['id'] as string,
    );
    const dir = jobFilesDir(ctx.server.app.services.config);
    fs.rmSync(path.join(dir, decodeIdOf('Job', job['id'] as string)!), { recursive: true, force: true });
    const res = await fetch(`${ctx.server.url}${job['resultUrl']}`, { headers: { cookie: owner.cookie! } });
    expect(res.status).toBe(410);
    expect(((await res.json()) as { error: string }).error).toMatch(/^This file has expired/);
  }, 60_000);
});
