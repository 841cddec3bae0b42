import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage } from './support/browser';
import { seriousViolations, shot, wideElements } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const PHONE_390 = { width: 390, height: 844 };

/**
 * Issue #28 §1: an export of the whole audit log started from the audit screen runs as a job; its
 * progress shows there and on /settings/jobs, and its CSV downloads with every event.
 */
describe('background jobs', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    // More than one export step's worth (1,000 a step).
    await server.app.database
      .executeSql(`insert into audit_events (id, actor_type, action, subject_type, subject_id, changes, created_at)
      select gen_random_uuid(), 'system', 'test.seed', 'Seed',
        ('00000000-0000-0000-0000-' || lpad(g::text, 12, '0'))::uuid, '{}'::jsonb,
        now() - interval '1 day' + g * interval '1 second'
      from generate_series(1, 2500) g`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE_390],
  ] as const)
    it(`starts an export from the audit log, sees it finish on /settings/jobs and downloads it (${device})`, async () => {
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, server.ownerEmail, server.ownerPassword);
      await page.goto('/settings/audit');
      await page.getByTestId('audit-event').first().waitFor();
      await page.getByRole('button', { name: 'Export all as CSV (background)' }).click();
      const progress = page.getByTestId('background-export');
      await progress.getByText('The export is ready.').waitFor({ timeout: 60_000 });
      await shot(page, `jobs-audit-export-${device}`);

      await progress.getByRole('link', { name: 'See all jobs' }).click();
      await page.waitForURL(/\/settings\/jobs$/);
      const card = page.getByTestId('job-card').first();
      await expect.poll(() => card.getByTestId('job-status').innerText()).toMatch(/done/i);
      const text = await card.innerText();
      expect(text).toContain('Audit log export');
      expect(text).toMatch(/Started by/);
      expect(text).toMatch(/2,5\d\d of 2,5\d\d done \(100%\)/);
      expect(await card.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await wideElements(page)).toEqual([]);
      await shot(page, `jobs-list-${device}`);

      const download = page.waitForEvent('download');
      await card.getByRole('link', { name: /^Download audit-log-/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = fs
        .readFileSync(await file.path(), 'utf8')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        'created_at,action,actor_type,actor,subject_type,subject_id,field,before,after,ip,request_id',
      );
      const seeded = lines.filter((l) => l.includes(',test.seed,')).map((l) => l.split(',')[5]);
      expect(seeded).toHaveLength(2500);
      expect(new Set(seeded).size).toBe(2500);
      await context.close();
    }, 120_000);
});
