import http from 'node:http';
import https from 'node:https';
import { DomainError } from '@stockroom/domain';
import { checkedAddress, connectTo, refuse, type Target } from './outbound-address.js';

export { isOutboundAllowEntry, isPublicAddress } from './outbound-address.js';

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
  target: Target,
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
        lookup: connectTo(target),
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
    const target = await checkedAddress(url, allow, 'images are only fetched from the public internet');
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
