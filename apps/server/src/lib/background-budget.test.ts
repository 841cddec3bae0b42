import { EventEmitter } from 'node:events';
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { backgroundBudget } from './background-budget.js';

/** A clock the test moves; `turn()` sleeps in real time, so the tests only check what it decides. */
function clock() {
  let t = 10_000;
  return { now: () => t, move: (ms: number) => (t += ms) };
}

describe('background budget (issue #30: webhooks yield to requests)', () => {
  it('is idle without requests: background work never waits', async () => {
    const c = clock();
    const budget = backgroundBudget({ now: c.now });
    await budget.run(() => Promise.resolve(c.move(100)));
    expect(budget.busy()).toBe(false);
    const started = Date.now();
    await budget.turn();
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('becomes busy when requests run most of the time, and idle again soon after they stop', () => {
    const c = clock();
    const budget = backgroundBudget({ now: c.now });
    for (let i = 0; i < 50; i++) {
      budget.requestStarted();
      c.move(90);
      budget.requestEnded();
      c.move(10);
    }
    expect(budget.utilisation()).toBeGreaterThan(0.8);
    expect(budget.busy()).toBe(true);
    c.move(1_000);
    expect(budget.busy()).toBe(false);
  });

  it('stays idle under light polling (short requests far apart)', () => {
    const c = clock();
    const budget = backgroundBudget({ now: c.now });
    for (let i = 0; i < 100; i++) {
      budget.requestStarted();
      c.move(5);
      budget.requestEnded();
      c.move(45);
    }
    expect(budget.utilisation()).toBeLessThan(0.2);
    expect(budget.busy()).toBe(false);
  });

  it('while busy, a step of background work makes the next wait 19 times as long (5 % of the time)', async () => {
    const c = clock();
    const budget = backgroundBudget({ now: c.now });
    budget.requestStarted();
    c.move(3_000);
    expect(budget.busy()).toBe(true);
    await budget.run(() => Promise.resolve(c.move(10)));
    // 10 ms of work → 190 ms before the next step; the turn waits (the clock stands still, so
    // it would wait for ever): it resolves once the clock passes the owed time.
    let done = false;
    const turn = budget.turn().then(() => (done = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    c.move(189);
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    c.move(2);
    await turn;
    expect(done).toBe(true);
  });

  it('never owes more than 5 s at once, and a stop of the requests ends the wait', async () => {
    const c = clock();
    const budget = backgroundBudget({ now: c.now });
    budget.requestStarted();
    c.move(3_000);
    await budget.run(() => Promise.resolve(c.move(60_000)));
    budget.requestStarted();
    let done = false;
    const turn = budget.turn().then(() => (done = true));
    c.move(4_900);
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    c.move(200);
    await turn;
    expect(done).toBe(true);

    await budget.run(() => Promise.resolve(c.move(1_000)));
    const again = budget.turn();
    budget.requestEnded();
    budget.requestEnded();
    c.move(2_000);
    await again;
  });

  it('counts a server’s ordinary requests, not its event streams', () => {
    const c = clock();
    const budget = backgroundBudget({ now: c.now });
    const server = new EventEmitter() as unknown as http.Server;
    budget.watch(server);
    const stream = new EventEmitter();
    server.emit('request', { headers: { accept: 'text/event-stream' } }, stream);
    c.move(3_000);
    expect(budget.busy()).toBe(false);
    const res = new EventEmitter();
    server.emit('request', { headers: { accept: 'application/json' } }, res);
    c.move(3_000);
    expect(budget.busy()).toBe(true);
    res.emit('close');
    c.move(3_000);
    expect(budget.busy()).toBe(false);
  });
});
