import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  blockSeconds,
  memoryLoginThrottle,
  redisLoginThrottle,
  type LoginThrottle,
} from '../../../src/modules/staff/login-throttle.js';
import { Client, DATABASES, useServer } from '../../helpers.js';
import { connectRedis } from '../../../src/lib/redis.js';
import { createLogger } from '../../../src/lib/logger.js';

// The smallest sign-in request: the flood below sends a hundred of them.
const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { staff { email } userErrors { code message } } }`;
const STRANGER = '203.0.113.7';
const THROTTLED = /^Too many attempts\. Try again in (\d+) s\.$/;

interface Answer {
  email: string | null;
  code: string | null;
  message: string | null;
}

describe.each(DATABASES)('sign-in limits on $name', ({ postgresUrl }) => {
  // Behind a trusted proxy, x-forwarded-for says which IP each attempt comes from. With REDIS_URL
  // set, the throttle keeps its counts in Redis, under keys of this test's own database.
  const ctx = useServer({ postgresUrl, config: { trustProxy: true, redisUrl: process.env['REDIS_URL'] } });

  async function loginFrom(ip: string, email: string, password: string): Promise<Answer> {
    const res = await new Client(ctx.server.url).request(
      LOGIN,
      { e: email, p: password },
      { headers: { 'x-forwarded-for': ip } },
    );
    const login = res.body.data?.['login'] as
      { staff: { email: string } | null; userErrors: { code: string; message: string }[] } | undefined;
    if (!login) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
    return {
      email: login.staff?.email ?? null,
      code: login.userErrors[0]?.code ?? null,
      message: login.userErrors[0]?.message ?? null,
    };
  }

  it('counts only failed attempts per IP: a correct password from a flooded IP still signs in', async () => {
    const answers: Answer[] = [];
    // A different unknown email each time, so no account is throttled: only the IP's count grows.
    for (let i = 0; i < 101; i++)
      answers.push(await loginFrom(STRANGER, `stranger-${i}@example.com`, 'not-the-password-1'));
    expect(answers.slice(0, 100).every((a) => a.code === 'INVALID_CREDENTIALS')).toBe(true);
    expect(answers[100]).toMatchObject({
      code: 'LOGIN_THROTTLED',
      message: expect.stringMatching(THROTTLED),
    });

    // The owner works behind the same address (a shared NAT): the right password is not refused for the IP alone.
    expect(await loginFrom(STRANGER, ctx.server.ownerEmail, ctx.server.ownerPassword)).toEqual({
      email: ctx.server.ownerEmail,
      code: null,
      message: null,
    });

    // A wrong password from the flooded IP waits for the IP's window, at most 15 minutes.
    const wrong = await loginFrom(STRANGER, 'someone-new@example.com', 'not-the-password-1');
    expect(wrong.code).toBe('LOGIN_THROTTLED');
    const wait = Number(THROTTLED.exec(wrong.message ?? '')?.[1]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);

    // Another address is unaffected.
    expect((await loginFrom('198.51.100.20', 'someone-new@example.com', 'not-the-password-1')).code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await loginFrom('198.51.100.20', ctx.server.ownerEmail, ctx.server.ownerPassword)).email).toBe(
      ctx.server.ownerEmail,
    );
  });

  // STRANGER stays flooded from the test above.
  it('still counts a flooded IP’s wrong passwords against the account', async () => {
    await ctx.server.createStaff({
      email: 'clerk@example.com',
      name: 'C',
      password: 'clerk-password-77',
      roleKeys: ['support'],
    });
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(STRANGER, 'clerk@example.com', `wrong-password-${i}`)).code).toBe(
        'LOGIN_THROTTLED',
      );
    }
    // The fifth failure blocked the account, wherever its right password now comes from.
    expect((await loginFrom('198.51.100.30', 'clerk@example.com', 'clerk-password-77')).code).toBe(
      'LOGIN_THROTTLED',
    );
    const audited = await ctx.server.app.database.db
      .selectFrom('audit_events')
      .innerJoin('staff', 'staff.id', 'audit_events.subject_id')
      .where('staff.email', '=', 'clerk@example.com')
      .where('audit_events.action', '=', 'staff.login_failed')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBe(5);
  });

  it('never throttles an IP for its successful sign-ins', async () => {
    const office = '192.0.2.50';
    for (let i = 0; i < 100; i++) {
      const answer = await loginFrom(office, ctx.server.ownerEmail, ctx.server.ownerPassword);
      if (answer.email !== ctx.server.ownerEmail)
        throw new Error(`sign-in ${i + 1} was refused: ${JSON.stringify(answer)}`);
    }
    expect(await loginFrom(office, 'typo@example.com', 'not-the-password-1')).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
  });
});

const STORES: [string, () => Promise<LoginThrottle>][] = [
  ['memory', () => Promise.resolve(memoryLoginThrottle(`test:${randomUUID()}`))],
];
const redisUrl = process.env['REDIS_URL'];
if (redisUrl)
  STORES.push([
    'redis',
    async () => {
      // Its own connection, connected first (else it would count in its per-instance fallback).
      const link = connectRedis(redisUrl, createLogger('silent'));
      await link.connected();
      expect(link.usable()).toBe(true);
      return { ...redisLoginThrottle(link, `test:${randomUUID()}`), close: () => link.close() };
    },
  ]);

describe.each(STORES)('the login throttle in %s', (_name, make) => {
  it('blocks an account from its fifth failure, doubling from 1 s up to 15 minutes', async () => {
    expect([4, 5, 6, 7, 14, 15, 60].map(blockSeconds)).toEqual([0, 1, 2, 4, 512, 900, 900]);
    const throttle = await make();
    try {
      for (let i = 0; i < 4; i++) await throttle.failed('Pat@Example.com ', '192.0.2.9');
      expect(await throttle.accountWait('pat@example.com')).toBe(0);
      await throttle.failed('pat@example.com', '192.0.2.9');
      expect(await throttle.accountWait('PAT@example.com')).toBe(1);
      await throttle.failed('pat@example.com', null);
      expect(await throttle.accountWait('pat@example.com')).toBe(2);
      await throttle.succeeded('pat@example.com');
      expect(await throttle.accountWait('pat@example.com')).toBe(0);
      // The IP has 5 failures so far; 95 more reach its 100, and the 101st waits for its window.
      for (let i = 0; i < 95; i++) expect(await throttle.failed(`x${i}@example.com`, '192.0.2.9')).toBe(0);
      const wait = await throttle.failed('y@example.com', '192.0.2.9');
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(15 * 60);
    } finally {
      await throttle.close();
    }
  });
});
