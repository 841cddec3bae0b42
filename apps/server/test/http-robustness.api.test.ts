import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from './helpers.js';
import { currentRequestId } from '../src/lib/request-context.js';

interface RawResponse {
  /** 0 when the connection closed without an answer (the server died, or cut it). */
  status: number;
  head: string;
  body: string;
}

/**
 * One request exactly as written (fetch would normalise the path and refuse bad headers): sent on
 * its own connection, read until the server closes it.
 */
function raw(url: string, request: string | Buffer, timeoutMs = 10_000): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${String(request).slice(0, 80)}`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    // A reset after the answer arrived still counts as answered; a reset before it does not.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      let body = split < 0 ? '' : text.slice(split + 4);
      if (/^transfer-encoding: chunked/im.test(head)) body = unchunked(body);
      resolve({ status: status ? Number(status[1]) : 0, head, body });
    });
    socket.write(request);
  });
}

/** A chunked body's data (as far as it arrived). */
function unchunked(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    if (eol < 0) return out;
    const size = parseInt(body.slice(at, eol), 16);
    if (!(size > 0)) return out;
    out += body.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

const request = (method: string, target: string, headers: Record<string, string> = {}, body = '') => {
  const lines = [`${method} ${target} HTTP/1.1`];
  const all: Record<string, string> = { host: 'localhost', connection: 'close', ...headers };
  if (body && all['content-length'] === undefined) all['content-length'] = String(Buffer.byteLength(body));
  for (const [k, v] of Object.entries(all)) if (v !== '') lines.push(`${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
};

/** What no answer may show: a stack frame, or where the server's files are. */
function expectNothingLeaked(res: RawResponse, adminDir: string) {
  expect(res.body).not.toMatch(/\n\s+at [\w<.]+ \(|node_modules|\/src\/|file:\/\//);
  expect(res.body).not.toContain(adminDir);
  expect(res.body).not.toContain(process.cwd());
}

function adminBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-admin-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Stockroom</title>');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1);');
  return dir;
}

/** Issue #26 §0: no single request may stop the server; each is answered, and the next one too. */
describe.each(DATABASES)('requests that once stopped the server, on $name', ({ postgresUrl }) => {
  const adminDir = adminBuild();
  const ctx = useServer({ postgresUrl, config: { adminDir } });
  const send = (req: string | Buffer) => raw(ctx.server.url, req);
  const healthy = async () => {
    const res = await send(request('GET', '/healthz'));
    expect(res.status).toBe(200);
  };

  it.each(
    [
      // A malformed %-escape: a file path is refused, a screen path opens the admin (its not-found screen).
      ['GET', '/assets/%ZZ', 400],
      ['GET', '/index.html%ZZ', 400],
      ['GET', '/%ZZ', 200],
      ['GET', '/%', 200],
      ['GET', '/%E0%A4%A', 200],
      ['GET', '/%C0%AF', 200],
      ['GET', '/%FF', 200],
      ['GET', '/%ED%A0%80', 200],
      ['GET', '/healthz%ZZ', 200],
      ['HEAD', '/%ZZ', 200],
      ['GET', '/products/%ZZ', 200],
      ['GET', '/invite/%ZZ', 200],
      // A NUL byte.
      ['GET', '/%00', 400],
      ['GET', '/index.html%00', 400],
      // A segment longer than a file name may be: no file, so a screen path.
      ['GET', `/${'a'.repeat(256)}`, 200],
      ['GET', `/customers/${'c'.repeat(5000)}`, 200],
      ['GET', `/assets/${'a'.repeat(300)}.js`, 404],
      // A path below a file.
      ['GET', '/index.html/', 404],
      ['GET', '/favicon.svg/x', 200],
      ['GET', '/assets/app-abc123.js/x.js', 404],
      // Targets a URL parser refuses, or reads as another host.
      ['GET', '//', 400],
      ['GET', '///', 400],
      ['GET', '//@', 400],
      ['GET', '//[::', 400],
      ['GET', '//a:99999/', 400],
      ['POST', '//graphql', 400],
    ].map(([method, target, status]) => ({
      method: method as string,
      target: target as string,
      status: status as number,
      shown:
        (target as string).length > 40
          ? `${(target as string).slice(0, 24)}… (${(target as string).length} characters)`
          : target,
    })),
  )('$method $shown answers $status and the server goes on', async ({ method, target, status }) => {
    const res = await send(request(method, target));
    expect(res.status).toBe(status);
    if (status === 200 && method === 'GET') expect(res.body).toContain('<title>Stockroom</title>');
    expectNothingLeaked(res, adminDir);
    await healthy();
  });

  it.each(['127.0.0.1:99999', 'a b', '[::', '%', '@', 'a/b?c'])(
    'answers a Host header of %j on /graphql with 400 in words, no stack trace',
    async (host) => {
      const res = await send(request('GET', '/graphql?query={shop{name}}', { host }));
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({
        errors: [
          { message: 'The Host header is not a valid host name.', extensions: { code: 'BAD_REQUEST' } },
        ],
      });
      expectNothingLeaked(res, adminDir);
      await healthy();
    },
  );

  it('reads a session cookie with a bad escape as no session: 401 on the export, UNAUTHENTICATED on GraphQL', async () => {
    const csv = await fetch(`${ctx.server.url}/exports/audit-events.csv`, {
      headers: { cookie: 'stockroom_session=%ZZ' },
    });
    expect(csv.status).toBe(401);
    expect(await csv.json()).toEqual({ error: 'Sign in first.' });
    const asking = async (query: string) => {
      const res = await fetch(`${ctx.server.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-stockroom-csrf': '1',
          cookie: 'stockroom_session=%ZZ',
        },
        body: JSON.stringify({ query }),
      });
      return (await res.json()) as {
        data: Record<string, unknown> | null;
        errors?: { extensions: { code: string } }[];
      };
    };
    expect(await asking('{ me { email } }')).toMatchObject({ data: { me: null } });
    const shop = await asking('{ shop { name } }');
    expect(shop.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers malformed variables as the caller’s BAD_REQUEST (400), without the parser’s message', async () => {
    const get = await fetch(`${ctx.server.url}/graphql?query={shop{name}}&variables=%7Bbad`);
    expect(get.status).toBe(400);
    const getBody = (await get.json()) as {
      errors: { message: string; extensions: Record<string, unknown> }[];
    };
    expect(getBody.errors[0]).toMatchObject({
      message: 'The variables or extensions parameter is not valid JSON.',
      extensions: { code: 'BAD_REQUEST' },
    });
    const post = await fetch(`${ctx.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-stockroom-csrf': '1' },
      body: '{"query": "{ shop { name } }", ',
    });
    expect(post.status).toBe(400);
    const postBody = (await post.json()) as {
      errors: { message: string; extensions: Record<string, unknown> }[];
    };
    expect(postBody.errors[0]!.extensions['code']).toBe('BAD_REQUEST');
    expect(postBody.errors[0]!.extensions['originalError']).toBeUndefined();
    expect(JSON.stringify(postBody)).not.toMatch(/Unexpected end|JSON input|position/);
  });

  it('answers a bad, malformed or unknown API token with 401 and words about the token', async () => {
    for (const authorization of ['Bearer srk_not-a-live-token', 'Bearer not-even-ours', 'Bearer a b']) {
      const res = await fetch(`${ctx.server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ query: '{ shop { name } }' }),
      });
      expect(res.status, authorization).toBe(401);
      expect(await res.json()).toMatchObject({
        errors: [
          {
            message: expect.stringMatching(/API token .*invalid, expired or revoked/),
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ],
      });
    }
    const csv = await fetch(`${ctx.server.url}/exports/audit-events.csv`, {
      headers: { authorization: 'Bearer srk_not-a-live-token' },
    });
    expect(csv.status).toBe(401);
    expect(((await csv.json()) as { error: string }).error).toMatch(
      /API token .*invalid, expired or revoked/,
    );
  });

  it('answers a 10 MB body with 413 and the limit in words, ten times out of ten, before closing', async () => {
    const client = await signedIn(ctx.server);
    const big = JSON.stringify({
      query: '{ shop { name } }',
      variables: { pad: 'x'.repeat(10 * 1024 * 1024) },
    });
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${ctx.server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-stockroom-csrf': '1', cookie: client.cookie! },
        body: big,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        errors: [{ message: 'A request can be at most 1 MB.', extensions: { code: 'BAD_REQUEST' } }],
      });
    }
    // The same over a raw socket that writes all 10 MB before reading: the answer is there, whole.
    for (let i = 0; i < 3; i += 1) {
      const res = await send(
        request('POST', '/graphql', { 'content-type': 'application/json', 'x-stockroom-csrf': '1' }, big),
      );
      expect(res.status).toBe(413);
      expect(res.body).toContain('A request can be at most 1 MB.');
    }
    await healthy();
  });

  it('reads the rest of a refused body before closing, so a client still sending gets no reset', async () => {
    const { hostname, port } = new URL(ctx.server.url);
    const total = 10 * 1024 * 1024;
    const outcome = await new Promise<{ error: string | null; response: string }>((resolve) => {
      // Half-open allowed: the client goes on sending after the server's answer (and FIN) arrive,
      // as a browser or fetch does with a body it has started.
      const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: true });
      let response = '';
      let error: string | null = null;
      socket.on('data', (c: Buffer) => (response += c.toString('latin1')));
      socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
      socket.on('close', () => resolve({ error, response }));
      socket.write(
        request('POST', '/graphql', {
          'content-type': 'application/json',
          'x-stockroom-csrf': '1',
          'content-length': String(total),
        }),
      );
      // The answer arrives after the head; the client, like a browser mid-upload, keeps sending.
      const chunk = Buffer.alloc(256 * 1024, 'x');
      let sent = 0;
      const more = () => {
        if (socket.destroyed) return;
        if (sent >= total) {
          socket.end();
          return;
        }
        sent += chunk.length;
        socket.write(chunk, () => setTimeout(more, 5));
      };
      setTimeout(more, 300);
    });
    expect(outcome.error).toBeNull();
    expect(outcome.response).toMatch(/^HTTP\/1\.1 413/);
    expect(outcome.response).toContain('A request can be at most 1 MB.');
    await healthy();
  });

  it('answers a body sent without a length (chunked) with 411, reading what was sent', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = Array.from({ length: 32 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const res = await send(
      request('POST', '/graphql', {
        'content-type': 'application/json',
        'x-stockroom-csrf': '1',
        'transfer-encoding': 'chunked',
      }) +
        chunks +
        '0\r\n\r\n',
    );
    expect(res.status).toBe(411);
    expect(res.body).toContain('Content-Length');
    await healthy();
  });

  it('survives any mix of hostile paths, escapes, hosts, cookies, methods and bodies on every route', async () => {
    const routes = [
      '/',
      '/healthz',
      '/readyz',
      '/graphql',
      '/exports/audit-events.csv',
      `/media/${'a'.repeat(64)}.jpg`,
      '/media/',
      '/assets/app-abc123.js',
      '/index.html',
      '/favicon.svg',
      '/products/1',
      '/invite/abc',
      '/login',
    ];
    const pieces = [
      '%ZZ',
      '%',
      '%0',
      '%00',
      '%E0%A4%A',
      '%C0%AF',
      '%FF',
      '%ED%A0%80',
      '%2F',
      '%2e%2e',
      '..',
      '/',
      '//',
      '?',
      '?query=%ZZ',
      '?query={shop{name}}&variables=%7Bbad',
      '?variables=[',
      '#x',
      '@',
      '[::',
      ':99999',
      'a'.repeat(300),
      '%F0%9F%98%80',
      '\\',
      '~',
      ';',
      "'",
      '"',
      '<',
      '{',
      '*',
    ];
    const target = fc
      .tuple(fc.constantFrom(...routes), fc.array(fc.constantFrom(...pieces), { maxLength: 4 }), fc.boolean())
      .map(([route, rest, prefix]) => (prefix ? rest.join('') + route : route + rest.join('')))
      .map((t) => (t.startsWith('/') ? t : `/${t}`));
    const host = fc.constantFrom('localhost', '127.0.0.1:99999', 'a b', '[::', '%', '@', '', 'x'.repeat(300));
    // A live session too, so the signed-in paths (the export, GraphQL's viewer) meet the rest.
    const session = (await signedIn(ctx.server)).cookie!;
    const cookie = fc.constantFrom(
      '',
      session,
      `${session}; stockroom_session=%ZZ`,
      'stockroom_session=%ZZ',
      'stockroom_session=',
      'stockroom_session',
      '=;;=',
      `stockroom_session=${'a'.repeat(4000)}`,
      'stockroom_session=%00',
    );
    const authorization = fc.constantFrom(
      '',
      'Bearer ',
      'Bearer srk_x',
      'Bearer a b',
      'Basic %%%',
      'Bearer srk_%00',
    );
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');
    const body = fc.constantFrom(
      '',
      '{',
      'null',
      '[]',
      '{"query":1}',
      '{"query":"{ shop { name } }","variables":"x"}',
      '{"query":"{ me { email } }","variables":{"a":"\\u0000"}}',
      '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{\r\n--x--\r\n',
      'query=%ZZ&variables=%7B',
    );
    const contentType = fc.constantFrom(
      '',
      'application/json',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'application/x-www-form-urlencoded',
      'text/plain',
    );
    const csrf = fc.boolean();

    await fc.assert(
      fc.asyncProperty(
        fc.record({ method, target, host, cookie, authorization, body, contentType, csrf }),
        async (r) => {
          const res = await send(
            request(
              r.method,
              r.target,
              {
                host: r.host,
                cookie: r.cookie,
                authorization: r.authorization,
                'content-type': r.contentType,
                ...(r.csrf ? { 'x-stockroom-csrf': '1' } : {}),
              },
              r.body,
            ),
          );
          expect(res.status, JSON.stringify(r)).toBeGreaterThanOrEqual(200);
          expect(res.status, JSON.stringify(r)).toBeLessThan(500);
          expectNothingLeaked(res, adminDir);
          await healthy();
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** The last resort: whatever throws inside a request is a masked 500, logged once, and the server goes on. */
describe('an exception inside a request handler', () => {
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { level: 'info', mixin: () => ({ requestId: currentRequestId() }) },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  // An admin directory that is not a path: every admin request throws inside the handler.
  const ctx = useServer({ config: { adminDir: 42 as unknown as string }, log });

  it('answers a masked 500 with the request id, logs it once, and keeps serving', async () => {
    const requestId = 'fault-request-0001';
    const res = await fetch(`${ctx.server.url}/products`, { headers: { 'x-request-id': requestId } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: `Something went wrong on our side. Reference: ${requestId}`,
      requestId,
    });
    const logged = lines.filter((l) => l['requestId'] === requestId && l['level'] === 50);
    expect(logged).toHaveLength(1);
    expect((await fetch(`${ctx.server.url}/healthz`)).status).toBe(200);
  });
});
