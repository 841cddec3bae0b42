import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../helpers.js';
import { currentRequestId } from '../../src/lib/request-context.js';
import { adminBuild, expectNothingLeaked, raw, request } from '../support/raw-http.js';

/** Issue #26 §0, made a class: any mix of hostile request parts on every route is answered, and the next request too. */
describe.each(DATABASES)('hostile requests on every route, on $name', ({ postgresUrl }) => {
  const adminDir = adminBuild();
  const ctx = useServer({ postgresUrl, config: { adminDir } });
  const send = (req: string | Buffer) => raw(ctx.server.url, req);
  const healthy = async () => {
    const res = await send(request('GET', '/healthz'));
    expect(res.status).toBe(200);
  };

  it('survives any mix of hostile paths, escapes, hosts, cookies, methods and bodies on every route', async () => {
    const routes = [
      '/',
      '/healthz',
      '/readyz',
      '/graphql',
      '/exports/audit-events.csv',
      '/documents/invoices/invc_0190e1b0a0b07000800000000000000a.pdf',
      '/documents/credit-notes/crn_0190e1b0a0b07000800000000000000a.pdf',
      '/documents/invoice-preview.pdf?order=ord_0190e1b0a0b07000800000000000000a',
      '/documents/packing-slips.pdf',
      '/documents/pick-list.pdf',
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
      '?orders=%ZZ',
      '?orders=ord_1,,&orders=',
      '?layout=LABEL_4X6&hidePrices=maybe',
      '?fulfillment=%00',
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
