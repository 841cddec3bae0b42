import { Writable } from 'node:stream';
import pino from 'pino';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { RedisServer } from './redis-server.js';
import { currentRequestId } from '../../src/lib/request-context.js';

/** What the Redis outage tests send and read: requests timed against the normal answer, logs, keys. */
export const SHOP = `{ shop { name } }`;
export const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { staff { email } userErrors { code message } } }`;
export const PASSWORD = 'a-long-right-passphrase-7';
/** What a request may take on top of the same request with Redis up (issue: "< 1 s extra"). */
export const EXTRA_MS = 1_000;

export interface Answer {
  status: number;
  text: string;
  body: {
    data?: Record<string, any> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
  requestId: string;
  cookie: string | null;
  ms: number;
}

/** Nothing internal in an answer: no stack line, no server path, no driver's message. */
export function expectClean(res: Answer): void {
  expect(res.text).not.toMatch(/node_modules|\n\s+at |\bat [\w.<>]+ \(|Error:|ioredis|\.js:\d+|\.ts:\d+/);
}

export async function post(
  url: string,
  query: string,
  variables: object = {},
  cookie?: string | null,
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-stockroom-csrf': '1',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: Answer['body'];
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    throw new Error(`answered ${res.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  const setCookie = res.headers.get('set-cookie');
  return {
    status: res.status,
    text,
    body,
    requestId: res.headers.get('x-request-id')!,
    cookie: setCookie ? setCookie.split(';')[0]! : null,
    ms,
  };
}

export async function login(
  url: string,
  email: string,
  password: string,
): Promise<Answer & { code: string | null }> {
  const res = await post(url, LOGIN, { e: email, p: password });
  expectClean(res);
  expect(res.status, res.text).toBe(200);
  const login = res.body.data?.['login'] as { userErrors: { code: string }[] } | undefined;
  return { ...res, code: login?.userErrors[0]?.code ?? null };
}

export async function readyz(
  url: string,
): Promise<{ status: number; body: { status?: string; redis?: string }; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/readyz`);
  const body = (await res.json()) as { status?: string; redis?: string };
  return { status: res.status, body, ms: performance.now() - started };
}

/** Polls `check` every 100 ms until it holds or `ms` pass; returns whether it held. */
export async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** The server's log lines, as written (JSON), with the request id as the app's logger adds it. */
export function capturedLog() {
  const lines: { msg: string; requestId?: string; requestIds?: string[]; level: number }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = pino(
    {
      level: 'info',
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    sink,
  );
  return { log, lines, saying: (start: string) => lines.filter((l) => l.msg.startsWith(start)) };
}

/** Keys in the test's Redis, read with a connection of the test's own. */
export async function keys(redis: RedisServer, pattern: string): Promise<string[]> {
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  await client.connect();
  try {
    return await client.keys(pattern);
  } finally {
    client.disconnect();
  }
}

/**
 * Five wrong passwords, spread over `urls` in turn, then the right one on `last`: answers the codes.
 * From the fifth failure the account waits (1 s), so the right password is refused at once.
 */
export async function fiveWrongThenRight(
  urls: string[],
  last: string,
  email: string,
): Promise<(string | null)[]> {
  const codes: (string | null)[] = [];
  for (let i = 0; i < 5; i++)
    codes.push((await login(urls[i % urls.length]!, email, 'wrong-password-1')).code);
  codes.push((await login(last, email, PASSWORD)).code);
  return codes;
}
export const THROTTLED_AFTER_FIVE = [...Array(5).fill('INVALID_CREDENTIALS'), 'LOGIN_THROTTLED'];
