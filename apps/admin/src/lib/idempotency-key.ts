import { useCallback, useRef } from 'react';

/**
 * A fresh key for one submit of a mutation that moves stock or money (SPEC §7.2): a retry of the same
 * submit repeats the key, so the server applies it once. randomUUID needs a secure context (https or
 * localhost); elsewhere the key is made from getRandomValues, which every browser has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of a form's submit: the same key while the request is the same (a retry after a lost
 * answer, a double click), a new one once the person changes what is sent, so a changed request is
 * never answered with the first one's result.
 */
export function useRequestKey(): (request: unknown) => string {
  const last = useRef<{ request: string; key: string } | null>(null);
  return useCallback((request: unknown) => {
    const text = JSON.stringify(request);
    if (last.current?.request !== text) last.current = { request: text, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
}
