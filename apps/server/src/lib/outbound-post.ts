import http from 'node:http';
import https from 'node:https';
import { DomainError } from '@stockroom/domain';
import { checkedAddress, connectedRefusal, connectTo } from './outbound-address.js';

/**
 * POSTs a body to an address a user gave (a webhook's URL) with the safety of lib/outbound-fetch:
 * every address the host resolves to must be public unless `allow` names it, the connection goes to
 * the address checked and the address actually connected to is checked again; https only unless
 * `allowHttp`; no redirects followed (a 3xx is an answer like any other); one timeout for the whole
 * exchange; only the first `excerptBytes` of the answer are read. Never throws: a refusal or a
 * network failure comes back as `error`, in words.
 */

export interface OutboundPostOptions {
  allow: readonly string[];
  allowHttp: boolean;
  timeoutMs: number;
  excerptBytes: number;
  /** Ends a refusal of a private address ("webhooks are only sent to the public internet"). */
  why: string;
  /** Connections kept open between posts (the webhook sender's); without it, one per post. */
  pool?: ConnectionPool;
}

/**
 * Kept-alive connections for many posts to the same receivers (a webhook sender's): an agent per
 * origin and checked address, so a pooled connection only ever carries posts to the address it was
 * opened to, an address checked again for each post. Bounded: at most `maxSockets` connections an
 * agent, free ones closed after 4 s idle (before a receiver's usual 5 s), and the least recently
 * used agent closed beyond `maxAgents`.
 */
export interface ConnectionPool {
  agentFor(url: URL, address: string): http.Agent;
  destroy(): void;
}

export function connectionPool(options: { maxSockets: number; maxAgents?: number }): ConnectionPool {
  const agents = new Map<string, http.Agent>();
  const maxAgents = options.maxAgents ?? 100;
  return {
    agentFor(url, address) {
      const key = `${url.protocol}//${url.host}@${address}`;
      let agent = agents.get(key);
      if (agent) agents.delete(key);
      else {
        const settings = {
          keepAlive: true,
          maxSockets: options.maxSockets,
          maxFreeSockets: options.maxSockets,
          timeout: 4_000,
        };
        agent = url.protocol === 'https:' ? new https.Agent(settings) : new http.Agent(settings);
      }
      agents.set(key, agent); // the most recently used last
      for (const [k, a] of agents) {
        if (agents.size <= maxAgents) break;
        agents.delete(k);
        a.destroy();
      }
      return agent;
    },
    destroy() {
      for (const a of agents.values()) a.destroy();
      agents.clear();
    },
  };
}

export interface PostResult {
  /** The HTTP status answered; null when there was no answer. */
  status: number | null;
  latencyMs: number;
  /** The first bytes of the answer, as text. */
  excerpt: string | null;
  /** Why it did not arrive (no answer, refused, timed out); null when an answer came. */
  error: string | null;
}

/** Why `text` may not be posted to, in words; null when it is a URL we post to. */
export function postUrlProblem(text: string, allowHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text.slice(0, 200)}" is not a web address; give one like https://example.com/webhooks.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `Only https addresses can receive webhooks, not ${url.protocol.replace(':', '')}.`;
  if (url.protocol === 'http:' && !allowHttp)
    return 'Use an https address: plain http is off on this server (STOCKROOM_WEBHOOK_ALLOW_HTTP).';
  if (url.username || url.password) return 'Leave the user name and password out of the address.';
  return null;
}

/** Checks the address a URL resolves to now: null when it may be posted to, else why not. */
export async function postAddressProblem(
  text: string,
  options: Pick<OutboundPostOptions, 'allow' | 'why'>,
): Promise<string | null> {
  try {
    await checkedAddress(new URL(text), options.allow, options.why);
    return null;
  } catch (e) {
    if (e instanceof DomainError) return e.errors.map((x) => x.message).join(' ');
    throw e;
  }
}

export async function outboundPost(
  address: string,
  body: string,
  headers: Record<string, string>,
  options: OutboundPostOptions,
): Promise<PostResult> {
  const started = performance.now();
  const done = (r: Omit<PostResult, 'latencyMs'>): PostResult => ({
    ...r,
    latencyMs: Math.round(performance.now() - started),
  });
  const problem = postUrlProblem(address, options.allowHttp);
  if (problem) return done({ status: null, excerpt: null, error: problem });
  const url = new URL(address);
  const signal = AbortSignal.timeout(options.timeoutMs);
  let target;
  try {
    target = await checkedAddress(url, options.allow, options.why);
  } catch (e) {
    if (e instanceof DomainError)
      return done({ status: null, excerpt: null, error: e.errors.map((x) => x.message).join(' ') });
    throw e;
  }
  const checked = target;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<PostResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve(done(r));
    };
    const client = url.protocol === 'https:' ? https : http;
    const send = (pooled: boolean) => {
      const req = client.request(
        url,
        {
          method: 'POST',
          signal,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'Stockroom webhooks',
          },
          lookup: connectTo(checked),
          // A pooled connection only to the address checked for this post (ConnectionPool), else
          // one of its own.
          agent: pooled && options.pool ? options.pool.agentFor(url, checked.address) : false,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          const end = () => {
            const excerpt = Buffer.concat(chunks).subarray(0, options.excerptBytes).toString('utf8');
            // A cut in the middle of a character leaves a replacement mark: drop it.
            finish({ status, excerpt: excerpt.replace(/\uFFFD$/, ''), error: null });
            res.destroy();
          };
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= options.excerptBytes) end();
          });
          res.on('end', end);
          res.on('error', () => end());
        },
      );
      req.on('socket', (socket) => {
        const check = () => {
          const refusal = connectedRefusal(socket.remoteAddress, url.host, options.allow, options.why);
          if (refusal) {
            finish({ status: null, excerpt: null, error: refusal });
            req.destroy();
          }
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        // A kept connection the receiver closed just as it was reused: once more, on a new one.
        if (req.reusedSocket && !signal.aborted && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) {
          send(false);
          return;
        }
        if (signal.aborted)
          finish({
            status: null,
            excerpt: null,
            error: `${url.host} did not answer within ${(options.timeoutMs / 1000).toLocaleString('en-US')} seconds.`,
          });
        else
          finish({ status: null, excerpt: null, error: `${url.host} could not be reached (${e.message}).` });
      });
      req.end(body);
    };
    send(true);
  });
}
