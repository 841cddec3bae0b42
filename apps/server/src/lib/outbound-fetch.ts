import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { DomainError } from '@stockroom/domain';

/**
 * Fetches a file the server was given the address of (an import's `Image Src`), with the limits of
 * an upload and none of the dangers of a server fetching for a user: only http(s); every address
 * the host resolves to must be public — not private, loopback, link-local, metadata or otherwise
 * reserved, IPv4 or IPv6 (a mapped ::ffff:127.0.0.1 is 127.0.0.1) — unless STOCKROOM_OUTBOUND_ALLOW
 * lists the host or its range; the connection goes to the address checked (no second lookup a DNS
 * answer could change); at most 3 redirects, each checked the same way; a size cap counted as the
 * bytes arrive; a timeout for the whole fetch. Every refusal is a DomainError in plain words.
 */

export interface OutboundFetchOptions {
  /** Host names and CIDR ranges allowed although not public (config.outboundAllow). */
  allow?: readonly string[];
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface Fetched {
  bytes: Buffer;
  /** The address finally fetched (after redirects). */
  url: string;
  contentType: string | null;
}

const NOT_PUBLIC = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local (incl. fd00:ec2::254, a metadata address)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(net6, prefix, 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, or its hex form) as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const lower = address.toLowerCase().replace(/^\[|\]$/g, '');
  if (net.isIPv4(lower)) return { address: lower, family: 'ipv4' };
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return { address: dotted[1]!, family: 'ipv4' };
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' };
  }
  return { address: lower, family: 'ipv6' };
}

/** Whether an address may be fetched without the allow list: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const a = unmapped(address);
  if (!net.isIP(a.address)) return false;
  return !NOT_PUBLIC.check(a.address, a.family);
}

function parseCidr(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return null;
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  if (!family) return null;
  const max = family === 'ipv4' ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits)))
    return null;
  return { address, prefix, family };
}

/** Whether an entry of STOCKROOM_OUTBOUND_ALLOW is a host name, an address or a CIDR range. */
export function isOutboundAllowEntry(entry: string): boolean {
  return parseCidr(entry) !== null || /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(entry);
}

function allowed(allow: readonly string[], host: string, address: string): boolean {
  const list = new net.BlockList();
  let ranges = false;
  for (const entry of allow) {
    if (entry.toLowerCase() === host.toLowerCase()) return true;
    const cidr = parseCidr(entry);
    if (cidr) {
      list.addSubnet(cidr.address, cidr.prefix, cidr.family);
      ranges = true;
    }
  }
  if (!ranges) return false;
  const a = unmapped(address);
  return list.check(a.address, a.family) || list.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

function refuse(message: string): never {
  throw DomainError.one('INVALID', message, null);
}

/** The address to connect to: every address the host has must pass, so DNS can't pick a bad one later. */
async function checkedAddress(
  url: URL,
  allow: readonly string[],
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      refuse(`${url.host} could not be found (no such host).`);
    }
  }
  if (!addresses.length) refuse(`${url.host} could not be found (no such host).`);
  for (const a of addresses)
    if (!isPublicAddress(a.address) && !allowed(allow, host, a.address))
      refuse(
        `${url.host} is a private, local or reserved address (${a.address}); images are only fetched from the public internet.`,
      );
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    refuse(`"${text.slice(0, 200)}" is not a web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    refuse(`Only http and https addresses can be fetched, not ${url.protocol.replace(':', '')}.`);
  if (url.username || url.password) refuse('Addresses with a user name or password are not fetched.');
  return url;
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string | null;
  bytes: Buffer | null;
}

function request(
  url: URL,
  target: { address: string; family: 4 | 6 },
  opts: Required<Omit<OutboundFetchOptions, 'allow'>>,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        headers: { 'user-agent': 'Stockroom image import', accept: 'image/*' },
        // Connect to the address checked, whatever a second lookup would say.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as (e: null, list: { address: string; family: number }[]) => void)(null, [target]);
          else (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family);
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = res.headers['content-type'] ?? null;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location ?? null, contentType, bytes: null });
          return;
        }
        if (status !== 200) {
          res.resume();
          resolve({ status, location: null, contentType, bytes: null });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          reject(tooBig(url, opts.maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            res.destroy();
            reject(tooBig(url, opts.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, location: null, contentType, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function sizeWords(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`
    : `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;
}

function tooBig(url: URL, max: number): DomainError {
  return DomainError.one(
    'OUT_OF_RANGE',
    `The file at ${url.host} is larger than ${sizeWords(max)}; images can be at most ${sizeWords(max)}.`,
    null,
  );
}

/** Fetches `address` within the limits above; a DomainError in words when it can't or may not. */
export async function outboundFetch(address: string, options: OutboundFetchOptions): Promise<Fetched> {
  const opts = {
    maxBytes: options.maxBytes,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRedirects: options.maxRedirects ?? 3,
  };
  const allow = options.allow ?? [];
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let url = parseUrl(address);
  for (let hop = 0; ; hop++) {
    const target = await checkedAddress(url, allow);
    let res: Hop;
    try {
      res = await request(url, target, opts, signal);
    } catch (e) {
      if (e instanceof DomainError) throw e;
      if (signal.aborted)
        refuse(
          `${url.host} did not answer within ${(opts.timeoutMs / 1000).toLocaleString('en-US')} seconds.`,
        );
      refuse(`${url.host} could not be reached (${(e as Error).message}).`);
    }
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= opts.maxRedirects)
        refuse(`${parseUrl(address).host} redirected more than ${opts.maxRedirects} times.`);
      url = parseUrl(new URL(res.location, url).toString());
      continue;
    }
    if (res.status !== 200 || !res.bytes) refuse(`${url.host} answered ${res.status} instead of the file.`);
    return { bytes: res.bytes, url: url.toString(), contentType: res.contentType };
  }
}
