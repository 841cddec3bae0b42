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
