import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Services } from '../services.js';
import { readiness } from './readiness.js';
import { requestStore } from '../lib/request-context.js';
import { createGraphQLHandler, type ServerContext } from '../graphql/yoga.js';
import { serveAdmin, serveMedia } from './static.js';
import { mediaDir } from '../modules/catalog/media.service.js';

import { CSRF_HEADER } from './csrf.js';
import { exportAuditEvents } from '../modules/audit/audit-export.js';
import { viewerOfRequest } from '../graphql/yoga.js';
import { SESSION_COOKIE } from '../modules/staff/auth.schema.js';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};

/** SPEC §9 / issue 10: a GraphQL JSON body of at most 1 MiB; uploads (multipart) have their own cap. */
export const MAX_JSON_BODY = 1024 * 1024;
/** Several images of up to 20 MB each in one upload request. */
export const MAX_UPLOAD_BODY = 100 * 1024 * 1024;

/** Why a request body may not be read, as an HTTP status and plain words; null when it may. */
function bodyRefusal(req: http.IncomingMessage): { status: number; message: string } | null {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  const multipart = (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
  const limit = multipart ? MAX_UPLOAD_BODY : MAX_JSON_BODY;
  const header = req.headers['content-length'];
  // Node reads exactly Content-Length bytes, so the header bounds what is read; a body without it
  // (chunked) could be any size.
  if (header === undefined) return { status: 411, message: 'Send the request with a Content-Length header.' };
  const length = Number(header);
  if (!Number.isSafeInteger(length) || length < 0)
    return { status: 400, message: 'The Content-Length header is not a number.' };
  if (length > limit) {
    const mb = Math.round(limit / (1024 * 1024));
    return {
      status: 413,
      message: multipart
        ? `An upload request can be at most ${mb} MB; send fewer files at once.`
        : `A request can be at most ${mb} MB.`,
    };
  }
  return null;
}

/** GET /exports/audit-events.csv?query=…: the filtered audit log as a CSV download. */
async function sendAuditCsv(
  services: Services,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  query: string | null,
) {
  try {
    const viewer = await viewerOfRequest(services.db, req.headers.authorization, req.headers.cookie);
    const found = exportAuditEvents(services.db, viewer, query);
    if (found.status !== 200)
      return json(res, viewer ? found.status : 401, { error: viewer ? found.message : 'Sign in first.' });
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'no-store',
    });
    await found.write((chunk) => res.write(chunk));
    res.end();
  } catch (err) {
    services.log.error({ err }, 'audit export failed');
    if (!res.headersSent) json(res, 500, { error: 'Something went wrong on our side.' });
    else res.destroy();
  }
}

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
        log.info(
          { method, path: url.pathname, status: res.statusCode, ms: Math.round(performance.now() - started) },
          'request',
        );
      });

      if (url.pathname === '/healthz') return json(res, 200, { status: 'ok' });
      if (url.pathname === '/readyz') {
        void readiness(services).then(({ status, body }) => json(res, status, body));
        return;
      }
      if (url.pathname === '/graphql') {
        // An integration sends its API token and no cookie: nothing a browser adds on its own, so
        // no CSRF header is needed. Both at once is a mistake we refuse rather than guess about.
        const bearer = /^Bearer\s/i.test(req.headers.authorization ?? '');
        if (bearer && req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) {
          return json(res, 400, {
            errors: [
              {
                message: 'Refused: send either an API token or a session cookie, not both.',
                extensions: { code: 'BAD_REQUEST', requestId },
              },
            ],
          });
        }
        if (
          !bearer &&
          method !== 'GET' &&
          method !== 'HEAD' &&
          method !== 'OPTIONS' &&
          !req.headers[CSRF_HEADER]
        ) {
          return json(res, 403, {
            errors: [
              {
                message: `Refused: requests to /graphql must carry the ${CSRF_HEADER} header.`,
                extensions: { code: 'CSRF_HEADER_MISSING', requestId },
              },
            ],
          });
        }
        const refusal = bodyRefusal(req);
        if (refusal) {
          res.setHeader('connection', 'close');
          return json(res, refusal.status, {
            errors: [{ message: refusal.message, extensions: { code: 'BAD_REQUEST', requestId } }],
          });
        }
        const forwarded = config.trustProxy ? req.headers['x-forwarded-for'] : undefined;
        const ip =
          (typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : req.socket.remoteAddress) ??
          null;
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
      if (url.pathname === '/exports/audit-events.csv' && method === 'GET') {
        void sendAuditCsv(services, req, res, url.searchParams.get('query'));
        return;
      }
      if (method !== 'GET' && method !== 'HEAD') return json(res, 405, { error: 'Method not allowed' });
      if (url.pathname.startsWith('/media/'))
        return serveMedia(mediaDir(config), url.pathname.slice('/media/'.length), method, res);
      serveAdmin(config.adminDir, url.pathname, method, res, req.headers['accept-encoding'] ?? '');
    });
  });
}
