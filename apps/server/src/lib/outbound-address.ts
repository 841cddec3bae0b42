import dns from 'node:dns/promises';
import net from 'node:net';
import { DomainError } from '@stockroom/domain';

/**
 * The address checks every request the server makes on a user's say-so shares (an import's image
 * fetch, lib/outbound-fetch.ts; a webhook delivery, lib/outbound-post.ts): only public unicast
 * addresses — not private, loopback, link-local, metadata or otherwise reserved, IPv4 or IPv6 (a
 * mapped ::ffff:127.0.0.1 is 127.0.0.1) — unless an allow list (hosts or CIDR ranges) names the
 * host or its range; the connection goes to the address checked (`connectTo`), and the address the
 * socket actually connected to is checked again (`checkConnected`).
 */

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

export function allowed(allow: readonly string[], host: string, address: string): boolean {
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

export function refuse(message: string): never {
  throw DomainError.one('INVALID', message, null);
}

export interface Target {
  address: string;
  family: 4 | 6;
}

/**
 * The address to connect to: every address the host has must pass, so DNS can't pick a bad one
 * later. `why` ends the refusal ("images are only fetched from the public internet").
 */
export async function checkedAddress(url: URL, allow: readonly string[], why: string): Promise<Target> {
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
      refuse(`${url.host} is a private, local or reserved address (${a.address}); ${why}.`);
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` for http(s).request that answers the checked address, whatever a second lookup would say. */
export function connectTo(target: Target) {
  return (_host: string, options: unknown, callback: (...args: never[]) => void): void => {
    if ((options as { all?: boolean }).all) (callback as (e: null, list: Target[]) => void)(null, [target]);
    else (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family);
  };
}

/**
 * The address a socket actually connected to, checked like the host's: null when it may be
 * reached, else the refusal in words.
 */
export function connectedRefusal(
  remote: string | undefined,
  host: string,
  allow: readonly string[],
  why: string,
): string | null {
  if (!remote) return null;
  if (isPublicAddress(remote) || allowed(allow, host.replace(/^\[|\]$/g, ''), remote)) return null;
  return `${host} connected to a private, local or reserved address (${remote}); ${why}.`;
}
