import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmePath, readmeWithSpeed, speedSection } from '../../../../bench/lib/speed.mjs';

const resultsPath = new URL('../../../../bench/RESULTS.json', import.meta.url);

// README's Speed table is the bench's, never typed by hand: `npm run bench` writes it from
// bench/RESULTS.json, and this holds the two together (a run that did not update README, or an edit
// of the figures, fails here).
describe("README's Speed section", () => {
  it('is what bench/RESULTS.json gives', async () => {
    const readme = fs.readFileSync(readmePath, 'utf8');
    const results = JSON.parse(fs.readFileSync(resultsPath, 'utf8'));
    expect(readme).toContain('## Speed');
    expect(await readmeWithSpeed(readme, results)).toBe(readme);
  });

  it('shows each screen at one connection and its ratio to raw at 16', () => {
    const run = {
      label: 'large',
      counts: '2 orders',
      date: '2026-11-29T00:00:00.000Z',
      machine: 'a test',
      node: 'v20.20.2',
      postgres: '15.20 (Debian)',
      notes: ['orderCreate, 16 connections: 300 orders/s, 0 oversold'],
      scenarios: [
        {
          key: 'order-list',
          runs: [
            { connections: 1, p50: 4.25, p95: 12.4, rps: 200 },
            { connections: 16, p50: 70, p95: 90, rps: 250, raw: { rps: 300 } },
          ],
        },
      ],
    };
    const section = speedSection({ runs: { medium: { ...run, label: 'medium' }, large: run } });
    expect(section).toContain('at **large** scale (2 orders)');
    expect(section).toContain('| Order list | 4.3 ms | 12 ms | 1.20 |');
    expect(section).toContain('| Home | – | – | – |');
    expect(section).toContain('orderCreate: 16 connections: 300 orders/s, 0 oversold');
  });
});
