import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Services } from '../services.js';
import { ping } from '../db/database.js';
import { requestStore } from '../lib/request-context.js';
import { createGraphQLHandler, type ServerContext } from '../graphql/yoga.js';
import { serveAdmin, serveMedia } from './static.js';
import { mediaDir } from '../modules/catalog/media.service.js';

/** The header every GraphQL request but a plain GET query must carry (SPEC §7.1). */
export const CSRF_HEADER = 'x-stockroom-csrf';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function createHttpServer(services: Services): http.Server {
  const yoga = createGraphQLHandler(services);
  const { config, log } = services;

  return http.createServer((req, res) => {
    const incoming = req.headers['x-request-id'];
    const requestId =
      typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', requestId);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';

    requestStore.run({ requestId }, () => {
      const started = performance.now();
      res.on('finish', () => {
        if (url.pathname === '/healthz' || url.pathname === '/readyz') return;
        log.info({ method, path: url.pathname, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'request');
      });

      if (url.pathname === '/healthz') return json(res, 200, { status: 'ok' });
      if (url.pathname === '/readyz') {
        ping(services.db).then(
          () => json(res, 200, { status: 'ready' }),
          (err: unknown) => {
            log.warn({ err }, 'database not reachable');
            json(res, 503, { status: 'database unreachable' });
          },
        );
        return;
      }
      if (url.pathname === '/graphql') {
        if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && !req.headers[CSRF_HEADER]) {
          return json(res, 403, {
            errors: [
              {
                message: `Refused: requests to /graphql must carry the ${CSRF_HEADER} header.`,
                extensions: { code: 'CSRF_HEADER_MISSING', requestId },
              },
            ],
          });
        }
        const forwarded = config.trustProxy ? req.headers['x-forwarded-for'] : undefined;
        const ip = (typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : req.socket.remoteAddress) ?? null;
        const serverContext: ServerContext = {
          requestId,
          ip,
          userAgent: req.headers['user-agent'] ?? null,
          secure: config.trustProxy ? req.headers['x-forwarded-proto'] === 'https' : false,
          cookies: [],
        };
        void yoga.handle(req, res, serverContext);
        return;
      }
      if (method !== 'GET' && method !== 'HEAD') return json(res, 405, { error: 'Method not allowed' });
      if (url.pathname.startsWith('/media/')) return serveMedia(mediaDir(config), url.pathname.slice('/media/'.length), method, res);
      serveAdmin(config.adminDir, url.pathname, method, res);
    });
  });
}
