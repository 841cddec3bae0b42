import { parse } from 'graphql';
import type { ApolloClient } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { claimFetchPolicy, prefetchQuery, setPrefetchClient } from './prefetch';

/** A client whose cache starts empty and whose answers the test releases by hand. */
function fakeClient() {
  const pending: (() => void)[] = [];
  let cached = false;
  const client = {
    readQuery: () => (cached ? {} : null),
    query: () => new Promise<void>((resolve) => pending.push(resolve)),
  };
  setPrefetchClient(client as unknown as ApolloClient);
  return {
    answer: async () => {
      pending.shift()!();
      cached = true;
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe('prefetched queries', () => {
  it('reads a loader answer that has just arrived from the cache, once', async () => {
    const { answer } = fakeClient();
    const query = parse('query Products { products { id } }');
    prefetchQuery(query, { first: 50 });
    await answer();
    expect(claimFetchPolicy(query, { first: 50 })).toBe('cache-first');
    // A visit soon after asks the server again.
    expect(claimFetchPolicy(query, { first: 50 })).toBe('cache-and-network');
  });

  it('lets a screen that renders before the answer join the request, and never reuse that answer later', async () => {
    const { answer } = fakeClient();
    const query = parse('query Products { products { id } }');
    prefetchQuery(query, { first: 50 });
    expect(claimFetchPolicy(query, { first: 50 })).toBe('cache-and-network');
    await answer();
    // Back on the screen a moment later: the answer already served the first visit.
    expect(claimFetchPolicy(query, { first: 50 })).toBe('cache-and-network');
  });

  it('keeps answers to other variables apart', async () => {
    const { answer } = fakeClient();
    const query = parse('query Products { products { id } }');
    prefetchQuery(query, { first: 50, query: 'status:draft' });
    await answer();
    expect(claimFetchPolicy(query, { first: 50 })).toBe('cache-and-network');
    expect(claimFetchPolicy(query, { query: 'status:draft', first: 50 })).toBe('cache-first');
  });

  it('reads its own visit’s answer from the cache however late the screen renders', async () => {
    const { answer } = fakeClient();
    const query = parse('query Products { products { id } }');
    prefetchQuery(query, { first: 50 });
    await answer();
    vi.useFakeTimers();
    try {
      // The screen's code arrives long after the answer (a loaded machine): still no second request.
      vi.advanceTimersByTime(60_000);
      expect(claimFetchPolicy(query, { first: 50 })).toBe('cache-first');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not let an answer a left visit never showed stand in for the next visit’s refresh', async () => {
    const { answer } = fakeClient();
    const query = parse('query Products { products { id } }');
    // Opened, then left before the screen showed: its answer is cached but unread.
    prefetchQuery(query, { first: 50 });
    await answer();
    // The next visit's loader finds it cached; the screen refreshes it.
    prefetchQuery(query, { first: 50 });
    expect(claimFetchPolicy(query, { first: 50 })).toBe('cache-and-network');
  });
});
