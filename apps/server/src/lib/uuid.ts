import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let seq = 0;

/**
 * Random bytes drawn 4 KB at a time: one call to the system's generator per 256 ids rather than one
 * per id (an import's chunk makes thousands of ids; a call each was a visible share of its CPU).
 */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function random16(): Buffer {
  if (poolAt + 16 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const b = Buffer.from(pool.subarray(poolAt, poolAt + 16));
  poolAt += 16;
  return b;
}

/**
 * UUIDv7 (RFC 9562): 48-bit milliseconds, then random bits. Keys sort by creation time, which keeps
 * B-tree inserts at the right edge of indexes. A 12-bit counter keeps IDs made in one millisecond
 * ordered within this process.
 */
export function uuidv7(now = Date.now()): string {
  if (now === lastMs) seq = (seq + 1) & 0xfff;
  else {
    lastMs = now;
    seq = 0;
  }
  const b = random16();
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
