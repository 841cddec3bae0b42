import type { FuzzCase } from './case-generator.js';
import { REFUSED_KINDS } from './hostile-values.js';

export interface Outcome {
  case: FuzzCase;
  status: number;
  ms: number;
  /** extensions.code of each error, in order. */
  codes: string[];
  messages: string[];
  requestId: string | null;
  /** The request itself failed (connection reset, not JSON): the server may have crashed. */
  transport?: string;
}

async function send(url: string, cookie: string | null, c: FuzzCase): Promise<Outcome> {
  const started = performance.now();
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-stockroom-csrf': '1' };
  if (cookie && !c.anonymous) headers['cookie'] = cookie;
  try {
    const res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: c.body });
    const text = await res.text();
    const ms = performance.now() - started;
    const requestId = res.headers.get('x-request-id');
    let parsed: { errors?: { message: string; extensions?: { code?: string } }[] };
    try {
      parsed = JSON.parse(text);
    } catch {
      return {
        case: c,
        status: res.status,
        ms,
        codes: [],
        messages: [],
        requestId,
        transport: `not JSON: ${text.slice(0, 200)}`,
      };
    }
    const errors = parsed.errors ?? [];
    return {
      case: c,
      status: res.status,
      ms,
      codes: errors.map((e) => e.extensions?.code ?? 'NONE'),
      messages: errors.map((e) => e.message),
      requestId,
    };
  } catch (e) {
    return {
      case: c,
      status: 0,
      ms: performance.now() - started,
      codes: [],
      messages: [],
      requestId: null,
      transport: String(e),
    };
  }
}

/** Sends every case, `concurrency` at a time, in order; never gives up early, so one run lists every failure. */
export async function runCases(
  url: string,
  cookie: string | null,
  cases: FuzzCase[],
  concurrency: number,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array<Outcome>(cases.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < cases.length) {
      const i = nextIndex++;
      const first = await send(url, cookie, cases[i]!);
      // A request that got no answer at all is sent once more: a pooled keep-alive connection the
      // server had just closed (after refusing an oversized body, say) fails the next request sent on
      // it without the server seeing it. A server that crashed or hung fails the second time too.
      outcomes[i] = first.transport && first.status === 0 ? await send(url, cookie, cases[i]!) : first;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

export const isServerFault = (o: Outcome): boolean =>
  o.status >= 500 || o.codes.includes('INTERNAL_SERVER_ERROR') || Boolean(o.transport);

/** A NUL or a lone surrogate is refused up front, as the caller's fault, wherever it is. */
export const notRefused = (o: Outcome): boolean =>
  REFUSED_KINDS.has(o.case.kind) && !o.codes.includes('BAD_REQUEST');

export function describeOutcome(o: Outcome): string {
  const said = o.transport ?? o.messages.map((m, i) => `${o.codes[i]}: ${m.slice(0, 160)}`).join(' | ');
  return `${o.case.field} ${o.case.path} [${o.case.kind}] → HTTP ${o.status} ${said} (request ${o.requestId ?? '?'})`;
}
