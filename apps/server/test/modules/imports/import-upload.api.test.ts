import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { uploadsDir } from '../../../src/app/http/multipart.js';
import { uploadImport } from './import-fixtures.js';

/*
 * Issue #29: a 50 MB CSV through the HTTP layer. Multipart requests to /graphql are read by the
 * server itself (app/http/multipart.ts), each file streamed to a temporary file with the cap
 * checked as bytes arrive; Yoga's parser took about 150 s for this file on the build machine.
 */

/** A customers CSV of just under `bytes`, every row valid. */
function customersFile(bytes: number): Uint8Array {
  const header = 'First Name,Last Name,Email\n';
  const lines: string[] = [header];
  let size = header.length;
  for (let i = 0; ; i++) {
    const line = `Ana ${i},Lee,ana.${i}@example.com\n`;
    if (size + line.length > bytes) break;
    lines.push(line);
    size += line.length;
  }
  return new TextEncoder().encode(lines.join(''));
}

describe.each(DATABASES)('import uploads on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('takes a 50 MB file streamed to disk, and refuses one byte more in words before any job', async () => {
    // Both files made before any request: making one stalls this process (the server's too) for
    // seconds on a loaded machine, past the keep-alive time of the connection the next request reuses.
    const file = customersFile(MAX_IMPORT_BYTES);
    const owner = await signedIn(ctx.server);
    const over = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x61);
    const refused = await uploadImport(owner, ctx.server.url, over, { name: 'too-big.csv' });
    expect(refused.status).toBe(413);
    expect(refused.payload).toBeNull();
    expect(refused.errors[0]?.message).toBe(
      'The file “too-big.csv” is over 50 MB; an upload takes at most 50 MB. Split it into smaller files and send them one after another.',
    );

    const started = performance.now();
    const res = await uploadImport(owner, ctx.server.url, file, { name: 'customers-50mb.csv' });
    const seconds = (performance.now() - started) / 1000;
    console.log(`50 MB import upload: ${seconds.toFixed(1)} s to importStart's answer`);
    expect(res.errors).toEqual([]);
    expect(res.payload?.userErrors).toEqual([]);
    expect(res.payload?.job?.['kind']).toBe('IMPORT_CUSTOMERS');
    // The temporary files are gone once the answer is sent.
    const dir = uploadsDir(ctx.server.app.services.config);
    const left = () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    for (let i = 0; i < 50 && left().length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(left()).toEqual([]);
  });
});
