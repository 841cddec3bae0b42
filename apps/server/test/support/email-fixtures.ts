import { expect } from 'vitest';
import type { MailSettings } from '../../src/config.js';
import type { Client } from '../helpers.js';
import { gql } from './order-fixtures.js';

/** What the email tests read of a message. */
export const MESSAGE = `id kind to subject html text status error attempts orderId orderName sentAt`;
export const MESSAGES = `query($q: String) { emailMessages(query: $q, first: 50) { edges { node { ${MESSAGE} } } userErrors { message } } }`;

export const mailSettings = (smtpUrl: string | undefined): MailSettings => ({
  smtpUrl,
  from: 'Test Shop <shop@example.com>',
  retryLimit: 2,
  retryDelaySeconds: 1,
  timeoutMs: 2_000,
});

export async function messagesOf(client: Client, q: string): Promise<any[]> {
  const data = await gql(client, MESSAGES, { q });
  expect(data.emailMessages.userErrors).toEqual([]);
  return data.emailMessages.edges.map((e: any) => e.node);
}

/** The message, once its job has done with it (no longer QUEUED). */
export async function settled(client: Client, q: string, ms = 30_000): Promise<any> {
  const deadline = Date.now() + ms;
  for (;;) {
    const [m] = await messagesOf(client, q);
    if (m && m.status !== 'QUEUED') return m;
    if (Date.now() > deadline) throw new Error(`Still queued after ${ms} ms: ${JSON.stringify(m)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Waits until no email is waiting for its job: a test that counts the whole server's statements
 * must not count the emails its orders or invitations send in the background.
 */
export async function emailsSettled(client: Client, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await messagesOf(client, 'status:queued')).length) {
    if (Date.now() > deadline) throw new Error(`Emails still queued after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
