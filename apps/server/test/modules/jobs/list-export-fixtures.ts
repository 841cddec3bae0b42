import { expect } from 'vitest';
import { parseCsv } from '../../support/csv.js';
import type { Client } from '../../helpers.js';
import { JOB_FIELDS, untilFinished } from './job-fixtures.js';

/** The CSV as objects by header. */
export function records(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...rest] = parseCsv(text);
  return {
    header: header!,
    rows: rest.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? '']))),
  };
}

export async function startExport(client: Client, input: Record<string, unknown>) {
  return client.request(
    `mutation($input: ExportStartInput!) { exportStart(input: $input) { job { ${JOB_FIELDS} } userErrors { field message code } } }`,
    { input },
  );
}

/** Starts an export, waits for it and downloads its file. */
export async function exported(server: { url: string }, client: Client, input: Record<string, unknown>) {
  const res = await startExport(client, input);
  const payload = res.body.data?.['exportStart'];
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  expect(payload.userErrors).toEqual([]);
  const job = await untilFinished(client, payload.job.id as string);
  expect(job['status']).toBe('SUCCEEDED');
  const file = await fetch(`${server.url}${job['resultUrl']}`, { headers: { cookie: client.cookie! } });
  expect(file.status).toBe(200);
  const text = await file.text();
  expect(text.charCodeAt(0)).not.toBe(0xfeff); // no byte-order mark, as the audit export
  return { job, text, ...records(text) };
}

export const minor = (amount: string) => Math.round(Number(amount) * 100);
export const decimal = (cents: number) => (cents / 100).toFixed(2);
