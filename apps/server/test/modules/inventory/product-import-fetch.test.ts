import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@stockroom/domain';
import { isPublicAddress, outboundFetch } from '../../../src/lib/outbound-fetch.js';
import { loadConfig, ConfigError } from '../../../src/config.js';

/** The messages a refused fetch gives, in words. */
async function refusal(
  url: string,
  opts: Partial<Parameters<typeof outboundFetch>[1]> = {},
): Promise<string> {
  try {
    await outboundFetch(url, { maxBytes: 20 * 1024 * 1024, ...opts });
  } catch (e) {
    if (e instanceof DomainError) return e.errors.map((x) => x.message).join(' ');
    throw e;
  }
  throw new Error(`${url} was fetched`);
}

describe('outbound fetch (images by URL in imports)', () => {
  let server: http.Server;
  let base: string;
  let png: Buffer;
  let hits = 0;

  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    server = http.createServer((req, res) => {
      hits++;
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/image.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (url.pathname === '/big') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(2048, 1));
      } else if (url.pathname === '/redirect-private')
        res.writeHead(302, { location: 'http://10.1.2.3/image.png' }).end();
      else if (url.pathname === '/redirect-metadata')
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (url.pathname === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else if (url.pathname === '/hop') res.writeHead(301, { location: '/image.png' }).end();
      else if (url.pathname === '/slow') setTimeout(() => res.writeHead(200).end('late'), 3000);
      else res.writeHead(404).end('no');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('tells public addresses from private, loopback, link-local, metadata and mapped ones', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '151.101.1.1'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '127.5.5.5',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses private, loopback, link-local and metadata addresses, IPv4 and IPv6, in words, before connecting', async () => {
    const before = hits;
    expect(await refusal(`${base}/image.png`)).toMatch(
      /^127\.0\.0\.1:\d+ is a private, local or reserved address \(127\.0\.0\.1\); images are only fetched from the public internet\.$/,
    );
    expect(await refusal('http://10.20.30.40/x.png')).toMatch(
      /private, local or reserved address \(10\.20\.30\.40\)/,
    );
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toMatch(/\(169\.254\.169\.254\)/);
    expect(await refusal('http://[::1]/x.png')).toMatch(/private, local or reserved address \(::1\)/);
    expect(await refusal('http://[::ffff:127.0.0.1]/x.png')).toMatch(/private, local or reserved address/);
    expect(await refusal('http://localhost/x.png')).toMatch(/private, local or reserved address/);
    expect(await refusal('ftp://example.com/x.png')).toBe(
      'Only http and https addresses can be fetched, not ftp.',
    );
    expect(await refusal('not a url')).toBe('"not a url" is not a web address.');
    expect(hits).toBe(before);
  });

  it('fetches from an allow-listed test server; re-checks each redirect; refuses too big, too many hops and slow answers', async () => {
    const allow = ['127.0.0.1/32'];
    const got = await outboundFetch(`${base}/image.png`, { allow, maxBytes: 1024 * 1024 });
    expect(got.bytes.equals(png)).toBe(true);
    expect(got.contentType).toBe('image/png');
    const hopped = await outboundFetch(`${base}/hop`, { allow, maxBytes: 1024 * 1024 });
    expect(hopped.url).toBe(`${base}/image.png`);
    expect(await refusal(`${base}/redirect-private`, { allow })).toMatch(
      /\(10\.1\.2\.3\); images are only fetched/,
    );
    expect(await refusal(`${base}/redirect-metadata`, { allow })).toMatch(/\(169\.254\.169\.254\)/);
    expect(await refusal(`${base}/loop`, { allow })).toMatch(/redirected more than 3 times\.$/);
    expect(await refusal(`${base}/big`, { allow, maxBytes: 1024 })).toMatch(
      /^The file at 127\.0\.0\.1:\d+ is larger than 1 KB; images can be at most 1 KB\.$/,
    );
    expect(await refusal(`${base}/missing`, { allow })).toMatch(/answered 404 instead of the file\.$/);
    expect(await refusal(`${base}/slow`, { allow, timeoutMs: 300 })).toMatch(
      /^127\.0\.0\.1:\d+ did not answer within 0\.3 seconds\.$/,
    );
    // A host name on the list is allowed whatever it resolves to.
    expect(
      (
        await outboundFetch(`${base.replace('127.0.0.1', 'localhost')}/image.png`, {
          allow: ['localhost'],
          maxBytes: 1024 * 1024,
        })
      ).bytes.length,
    ).toBe(png.length);
  });

  it('STOCKROOM_OUTBOUND_ALLOW: a comma list of hosts and CIDR ranges, checked at start', () => {
    expect(
      loadConfig({ STOCKROOM_OUTBOUND_ALLOW: 'images.internal, 10.0.0.0/8,fd00::/8' }).outboundAllow,
    ).toEqual(['images.internal', '10.0.0.0/8', 'fd00::/8']);
    expect(loadConfig({}).outboundAllow).toEqual([]);
    expect(() => loadConfig({ STOCKROOM_OUTBOUND_ALLOW: '10.0.0.0/99' })).toThrow(ConfigError);
  });
});
