// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, screenWrapper } from '../../../test-support/dom';
import type { HomeQueue } from './home-types';
import { WorkQueue } from './work-queue';

beforeAll(installDomShims);
afterEach(cleanup);

const item = (value: number, query: string) => ({
  __typename: 'WorkQueueItem' as const,
  query,
  count: { __typename: 'Count' as const, value, precision: 'EXACT' as const },
});

describe("Home's work queue (issue #31: returns)", () => {
  it('counts returns to receive and to settle, linking to /returns with the search the server counted', () => {
    const queue = {
      __typename: 'WorkQueue',
      ordersToFulfill: item(5, 'status:open -fulfillment_status:fulfilled'),
      unpaidOrders: null,
      openDrafts: null,
      lowStock: null,
      returnsToReceive: item(3, '(status:open OR status:partially_received)'),
      returnsToSettle: item(0, 'to_settle:true'),
    } as HomeQueue;
    render(<WorkQueue queue={queue} />, { wrapper: screenWrapper('/') });
    const toReceive = screen.getByTestId('queue-returnsToReceive');
    expect(toReceive.getAttribute('aria-label')).toBe('Returns to receive: 3');
    expect(toReceive.getAttribute('href')).toBe(
      `/returns?q=${encodeURIComponent('(status:open OR status:partially_received)')}`,
    );
    const toSettle = screen.getByTestId('queue-returnsToSettle');
    expect(toSettle.getAttribute('href')).toBe('/returns?q=to_settle%3Atrue');
    expect(toSettle.textContent).toContain('All settled');
    // The other lists keep their `q` parameter.
    expect(screen.getByTestId('queue-ordersToFulfill').getAttribute('href')).toMatch(/^\/orders\?q=/);
  });

  it('leaves the returns out for someone who may not read orders', () => {
    const queue = {
      __typename: 'WorkQueue',
      ordersToFulfill: null,
      unpaidOrders: null,
      openDrafts: null,
      lowStock: item(1, 'low_stock:true'),
      returnsToReceive: null,
      returnsToSettle: null,
    } as HomeQueue;
    render(<WorkQueue queue={queue} />, { wrapper: screenWrapper('/') });
    expect(screen.queryByTestId('queue-returnsToReceive')).toBeNull();
    expect(screen.getByTestId('queue-lowStock')).toBeTruthy();
  });
});
