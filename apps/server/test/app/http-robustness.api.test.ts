import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../helpers.js';
import { adminBuild, expectNothingLeaked, raw, request } from '../support/raw-http.js';

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
});
