import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test gets a fresh module (its map of early requests) and a fetch that records calls. */
async function load() {
  vi.resetModules();
  const calls: { url: string; body: string }[] = [];
  const fetchMock = vi.fn((input: string, init?: { body?: string }) => {
    calls.push({ url: input, body: init?.body ?? '' });
    return Promise.resolve(new Response(JSON.stringify({ data: { n: calls.length } })));
  });
  vi.stubGlobal('fetch', fetchMock);
  const early = await import('./early-requests');
  return { early, calls };
}

const body = (operationName: string, variables: unknown) =>
  JSON.stringify({ operationName, variables, query: 'query { x }' });

describe('early requests', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('hands an operation the early answer with the same variables, once', async () => {
    const { early, calls } = await load();
    early.askEarly('Products', 'query Products { x }', { first: 50, query: null, sortKey: 'TITLE' });
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ operationName: 'Products', variables: { first: 50 } });

    // Same variables in another order: the early answer, no second request.
    const first = await early.fetchWithEarlyAnswers('/graphql', {
      method: 'POST',
      body: body('Products', { sortKey: 'TITLE', first: 50, query: null }),
    });
    expect(await first.json()).toEqual({ data: { n: 1 } });
    expect(calls).toHaveLength(1);

    // Asked again: the early answer is used up, so this one goes to the network.
    await early.fetchWithEarlyAnswers('/graphql', {
      method: 'POST',
      body: body('Products', { sortKey: 'TITLE', first: 50, query: null }),
    });
    expect(calls).toHaveLength(2);
  });

  it('sends other operations, other variables and late requests to the network', async () => {
    const { early, calls } = await load();
    early.askEarly('Products', 'query Products { x }', { first: 50, query: null });
    await early.fetchWithEarlyAnswers('/graphql', {
      method: 'POST',
      body: body('Products', { first: 50, query: 'linen' }),
    });
    await early.fetchWithEarlyAnswers('/graphql', {
      method: 'POST',
      body: body('Customers', { first: 50, query: null }),
    });
    expect(calls).toHaveLength(3);

    // Unclaimed for more than a few seconds: dropped, not served stale.
    vi.advanceTimersByTime(6000);
    await early.fetchWithEarlyAnswers('/graphql', {
      method: 'POST',
      body: body('Products', { first: 50, query: null }),
    });
    expect(calls).toHaveLength(4);
  });

  it('drops every early answer at a mutation (a sign-in changes who is asking)', async () => {
    const { early, calls } = await load();
    early.askEarly('CurrentStaff', 'query CurrentStaff { me { id } }', {});
    await early.fetchWithEarlyAnswers('/graphql', {
      method: 'POST',
      body: JSON.stringify({
        operationName: 'Login',
        variables: {},
        query: 'mutation Login { login { id } }',
      }),
    });
    await early.fetchWithEarlyAnswers('/graphql', { method: 'POST', body: body('CurrentStaff', {}) });
    // The early request, the sign-in, and CurrentStaff asked afresh.
    expect(calls).toHaveLength(3);
  });

  it('keeps an early answer for an app whose code arrives late: the clock starts at its first request', async () => {
    const { early, calls } = await load();
    early.askEarly('Products', 'query Products { x }', { first: 50 });
    // The app's code took longer than an early answer is kept (a loaded machine).
    vi.advanceTimersByTime(20_000);
    await early.fetchWithEarlyAnswers('/graphql', { method: 'POST', body: body('Products', { first: 50 }) });
    expect(calls).toHaveLength(1);
  });
});
