// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRequestKey } from './idempotency-key';

describe('a submit’s idempotency key', () => {
  it('stays while the request is the same and changes with it', () => {
    const { result, rerender } = renderHook(() => useRequestKey());
    const first = result.current({ orderId: 'o1', lines: [{ lineId: 'l1', quantity: 1 }] });
    rerender();
    expect(result.current({ orderId: 'o1', lines: [{ lineId: 'l1', quantity: 1 }] })).toBe(first);
    const changed = result.current({ orderId: 'o1', lines: [{ lineId: 'l1', quantity: 2 }] });
    expect(changed).not.toBe(first);
    expect(changed).toMatch(/^[\w-]{16,}$/);
    // Back to the first request after a change: a new submit, a new key.
    expect(result.current({ orderId: 'o1', lines: [{ lineId: 'l1', quantity: 1 }] })).not.toBe(first);
  });
});
