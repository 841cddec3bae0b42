import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Services } from '../../graphql/services.js';
import { readiness } from './readiness.js';
import { requestStore } from '../../lib/request-context.js';
import { createGraphQLHandler, type ServerContext } from '../yoga.js';
import { serveAdmin, serveMedia } from './static.js';
import { mediaDir } from '../../modules/catalog/media.service.js';

import { CSRF_HEADER } from './csrf.js';
import { isMultipart, parseUpload } from './multipart.js';
import { exportAuditEvents } from '../../modules/audit/audit-export.js';
import { jobResultDownload } from '../../modules/jobs/job-result.js';
import { isDocumentPath, sendDocument } from './documents.js';
import { sendsBearer, viewerOfRequest } from '../yoga.js';
import { INVALID_API_TOKEN_MESSAGE } from '../../graphql/errors.js';
import { SESSION_COOKIE } from '../../modules/staff/auth.schema.js';
import { MESSAGES } from '@stockroom/domain';
import type { Logger } from '../../lib/logger.js';

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

/**
 * How much of a refused body is still read, and for how long, before the connection is closed.
 * Closing a socket with unread bytes makes the kernel reset it: a client still sending would see a
 * broken pipe instead of the refusal. Bounded, so a claimed 10 GB costs at most this much.
 */
export const DRAIN_MAX_BYTES = 2 * MAX_UPLOAD_BODY;
export const DRAIN_MAX_MS = 10_000;

/**
 * Answers a request whose body will not be used (too large, no length), then reads and drops
 * what the client still sends (bounded) and only then closes: the client reads the answer
 * instead of a reset connection. The answer is whole as soon as it is written (Content-Length).
 */
function refuseBody(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(payload),
    connection: 'close',
  });
  res.write(payload);
  let read = 0;
  const close = (cut: boolean) => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
    if (cut) req.destroy();
  };
  const timer = setTimeout(() => close(true), DRAIN_MAX_MS);
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_MAX_BYTES) close(true);
  });
  req.once('end', () => close(false));
  req.once('close', () => close(false));
}

/** A request target's path and query, read without a URL parser that may throw; null if it is none. */
export function requestTarget(raw: string | undefined): { pathname: string; search: string } | null {
  const target = raw ?? '/';
  // Origin form only ("/path?query"). "//x" is what a URL parser reads as another host, and an
  // absolute or authority form is a proxy's request: none of them is a path of this server.
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  const q = target.indexOf('?');
  const pathname = q < 0 ? target : target.slice(0, q);
  const hash = pathname.indexOf('#');
  return {
    pathname: hash < 0 ? pathname : pathname.slice(0, hash),
    search: q < 0 ? '' : target.slice(q + 1),
  };
}

/** A Host header Yoga can build its request URL from: a name or address, an optional port. */
export function validHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  if (!/^(?:[\w.-]+|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/.test(host)) return false;
  return URL.canParse(`http://${host}/`);
}

/** GET /exports/audit-events.csv?query=…: the filtered audit log as a CSV download. */
async function sendAuditCsv(
  services: Services,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  query: string | null,
) {
  const viewer = await viewerOfRequest(services.db, req.headers.authorization, req.headers.cookie);
  if (!viewer) {
    const message = sendsBearer(req.headers.authorization) ? INVALID_API_TOKEN_MESSAGE : 'Sign in first.';
    return json(res, 401, { error: message });
  }
  const found = exportAuditEvents(services.db, viewer, query);
  if (found.status !== 200) return json(res, found.status, { error: found.message });
  res.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
    'cache-control': 'no-store',
  });
  await found.write((chunk) => res.write(chunk));
  res.end();
}

/**
 * GET /exports/jobs/<job id>: a finished job's result file, to who may read the job; 404 for anyone
 * else, 410 once the file has expired.
 */
async function sendJobResult(
  services: Services,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  id: string,
) {
  const viewer = await viewerOfRequest(services.db, req.headers.authorization, req.headers.cookie);
  if (!viewer) {
    const message = sendsBearer(req.headers.authorization) ? INVALID_API_TOKEN_MESSAGE : 'Sign in first.';
    return json(res, 401, { error: message });
  }
  const found = await jobResultDownload(services.db, services.config, viewer, id);
  if (found.status !== 200) return json(res, found.status, { error: found.message });
  const { file } = found;
  try {
    res.writeHead(200, {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.name}"`,
      'cache-control': 'no-store',
    });
    for (const part of file.files) {
      await new Promise<void>((resolve, reject) => {
        const stream = part.createReadStream({ autoClose: false });
        stream.on('error', reject);
        stream.on('end', resolve);
        stream.pipe(res, { end: false });
      });
    }
    res.end();
  } finally {
    await Promise.all(file.files.map((f) => f.close().catch(() => undefined)));
  }
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The last resort for anything thrown while a request is answered (synchronously or by a promise
 * it started): logged once with the request id, and the client gets a masked 500 with that id,
 * never a stack or a path. Once the head is sent there is nothing honest left to say: the
 * connection is cut, so the client sees an incomplete transfer rather than a truncated success.
 */
function requestFailed(log: Logger, requestId: string, graphql: boolean) {
  let reported = false;
  return (res: http.ServerResponse, err: unknown) => {
    if (reported) return;
    reported = true;
    log.error({ err }, 'unexpected error while answering a request');
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const message = MESSAGES.internal(requestId);
    json(
      res,
      500,
      graphql
        ? { errors: [{ message, extensions: { code: 'INTERNAL_SERVER_ERROR', requestId } }] }
        : { error: message, requestId },
    );
  };
}

export function createHttpServer(services: Services): http.Server {
  const yoga = createGraphQLHandler(services);
  const { config, log } = services;

  return http.createServer((req, res) => {
    const incoming = req.headers['x-request-id'];
    const requestId =
      typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    requestStore.run({ requestId }, () => {
      const target = requestTarget(req.url);
      const fail = requestFailed(log, requestId, target?.pathname === '/graphql');
      // A client that goes away mid-request or mid-answer: nothing to answer, nothing to crash on.
      req.on('error', (err) => log.debug({ err }, 'request stream failed'));
      res.on('error', (err) => log.debug({ err }, 'response stream failed'));
      try {
        handle(req, res, requestId, target, (err) => fail(res, err));
      } catch (err) {
        fail(res, err);
      }
    });
  });

  function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    requestId: string,
    target: ReturnType<typeof requestTarget>,
    fail: (err: unknown) => void,
  ): void {
    res.setHeader('x-request-id', requestId);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    const method = req.method ?? 'GET';
    if (!target) return json(res, 400, { error: 'The request path is not valid.' });
    const pathname = target.pathname;

    const started = performance.now();
    res.on('finish', () => {
      if (pathname === '/healthz' || pathname === '/readyz') return;
      log.info(
        { method, path: pathname, status: res.statusCode, ms: Math.round(performance.now() - started) },
        'request',
      );
    });

    if (pathname === '/healthz') return json(res, 200, { status: 'ok' });
    if (pathname === '/readyz') {
      readiness(services).then(({ status, body }) => json(res, status, body), fail);
      return;
    }
    if (pathname === '/graphql') {
      const graphqlError = (status: number, message: string, code: string) =>
        json(res, status, { errors: [{ message, extensions: { code, requestId } }] });
      // Refused before anything else, so a body that will not be read is refused before it is.
      const refusal = bodyRefusal(req);
      if (refusal) {
        return refuseBody(req, res, refusal.status, {
          errors: [{ message: refusal.message, extensions: { code: 'BAD_REQUEST', requestId } }],
        });
      }
      // Yoga builds the request's URL from the Host header: one it can't parse is the caller's.
      if (!validHost(req.headers.host))
        return graphqlError(400, 'The Host header is not a valid host name.', 'BAD_REQUEST');
      // An integration sends its API token and no cookie: nothing a browser adds on its own, so
      // no CSRF header is needed. Both at once is a mistake we refuse rather than guess about.
      const bearer = /^Bearer\s/i.test(req.headers.authorization ?? '');
      if (bearer && req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) {
        return graphqlError(
          400,
          'Refused: send either an API token or a session cookie, not both.',
          'BAD_REQUEST',
        );
      }
      if (
        !bearer &&
        method !== 'GET' &&
        method !== 'HEAD' &&
        method !== 'OPTIONS' &&
        !req.headers[CSRF_HEADER]
      ) {
        return graphqlError(
          403,
          `Refused: requests to /graphql must carry the ${CSRF_HEADER} header.`,
          'CSRF_HEADER_MISSING',
        );
      }
      const forwarded = config.trustProxy ? req.headers['x-forwarded-for'] : undefined;
      const ip =
        (typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : req.socket.remoteAddress) ?? null;
      const serverContext: ServerContext = {
        requestId,
        ip,
        userAgent: req.headers['user-agent'] ?? null,
        secure: config.trustProxy ? req.headers['x-forwarded-proto'] === 'https' : false,
        cookies: [],
      };
      if (isMultipart(req)) {
        // An upload: read by us, streamed to temporary files (http/multipart.ts), then Yoga runs
        // the parsed operations. Its files go once the answer is sent.
        parseUpload(req, config)
          .then((parsed) => {
            if (!parsed.ok) return graphqlError(parsed.status, parsed.message, 'BAD_REQUEST');
            res.once('close', () => void parsed.cleanup().catch(() => undefined));
            serverContext.upload = parsed.params;
            return yoga.handle(req, res, serverContext);
          })
          .catch(fail);
        return;
      }
      Promise.resolve(yoga.handle(req, res, serverContext)).catch(fail);
      return;
    }
    if (pathname === '/exports/audit-events.csv' && method === 'GET') {
      sendAuditCsv(services, req, res, new URLSearchParams(target.search).get('query')).catch(fail);
      return;
    }
    const jobResult = /^\/exports\/jobs\/([\w-]{1,80})$/.exec(pathname);
    if (jobResult && method === 'GET') {
      sendJobResult(services, req, res, jobResult[1]!).catch(fail);
      return;
    }
    if (isDocumentPath(pathname)) {
      sendDocument(services, req, res, pathname, target.search).catch(fail);
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') return json(res, 405, { error: 'Method not allowed' });
    if (pathname.startsWith('/media/'))
      return serveMedia(mediaDir(config), pathname.slice('/media/'.length), method, res, fail);
    serveAdmin(config.adminDir, pathname, method, res, req.headers['accept-encoding'] ?? '', fail);
  }
}
