/**
 * A graphql-sse client in "distinct connections" mode over plain fetch, for tests: one request per
 * subscription with `Accept: text/event-stream`, reading `next` / `complete` events as they come.
 */
export interface SseMessage {
  event: string;
  data: { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] } | null;
}

export interface SseStream {
  status: number;
  /** The next `next`/`complete` message, or a rejection after `ms`. */
  next(ms?: number): Promise<SseMessage>;
  /** Every message received so far. */
  received: SseMessage[];
  /** Resolves when the server ends the stream. */
  closed: Promise<void>;
  close(): void;
}

export async function subscribe(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  opts: {
    cookie?: string | null;
    csrf?: boolean;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
  } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
  if (opts.csrf !== false) headers['x-stockroom-csrf'] = '1';
  if (opts.cookie) headers['cookie'] = opts.cookie;
  let res: Response;
  if (opts.method === 'GET') {
    const params = new URLSearchParams({ query, variables: JSON.stringify(variables) });
    res = await fetch(`${url}/graphql?${params}`, { headers, signal: controller.signal });
  } else {
    headers['content-type'] = 'application/json';
    res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
      signal: controller.signal,
    });
  }
  const received: SseMessage[] = [];
  const waiting: ((m: SseMessage) => void)[] = [];
  let read = 0;
  const deliver = (m: SseMessage) => {
    received.push(m);
    waiting.shift()?.(m);
  };
  const closed = (async () => {
    if (!res.body) return;
    const contentType = res.headers.get('content-type') ?? '';
    if (!contentType.includes('text/event-stream')) {
      // A refusal answered as JSON.
      const text = await res.text();
      deliver({ event: 'refused', data: text ? JSON.parse(text) : null });
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (block.startsWith(':') && !data.length) continue; // keep-alive comment
          const text = data.join('\n');
          deliver({ event, data: text ? JSON.parse(text) : null });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    received,
    closed,
    next(ms = 5_000) {
      if (read < received.length) return Promise.resolve(received[read++]!);
      return new Promise<SseMessage>((resolve, reject) => {
        const waiter = (m: SseMessage) => {
          clearTimeout(timer);
          read++;
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`no SSE message within ${ms} ms`));
        }, ms);
        waiting.push(waiter);
      });
    },
    close: () => controller.abort(),
  };
}
