import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useGraphQlJit } from '@envelop/graphql-jit';
import {
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionArgs,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { DomainError, MESSAGES } from '@stockroom/domain';
import { CSRF_HEADER } from './http/csrf.js';
import type { GraphQLUploadParams } from './http/multipart.js';
import { currentRequestId } from '../lib/request-context.js';
import { isDatabaseUnavailable } from '../db/database.js';
import { databaseUnavailable, invalidApiToken } from '../graphql/errors.js';
import type { Services } from '../graphql/services.js';
import { viewerFromToken } from '../modules/staff/auth.service.js';
import { forgetViewers } from '../modules/staff/viewer-cache.js';
import { viewerFromApiToken } from '../modules/staff/api-token.service.js';
import { SESSION_COOKIE } from '../modules/staff/auth.schema.js';
import type { Ctx, Loaders } from '../graphql/context.js';
import { createLoaders } from './loaders.js';
import {
  useCost,
  useCostOnRefusals,
  useLimitErrors,
  useNoIntrospection,
  useRefuseNul,
  useRequestParamErrors,
  useSubscriptionCost,
} from './plugins.js';
import { buildSchema } from './schema.js';

/** True when the request names an API token (valid or not) rather than a session. */
export function sendsBearer(authorization: string | null | undefined): boolean {
  return /^Bearer(\s|$)/i.test(authorization ?? '');
}

/**
 * New batch loaders for `ctx`, made when first used: a live stream renews them for every event it
 * delivers (nothing cached from the last one), and most deliveries read nothing through them
 * (live-hub readOnce shares the event's object).
 */
function freshLoadersAtFirstUse(ctx: Ctx, db: Services['db']): void {
  let made: Loaders | null = null;
  Object.defineProperty(ctx, 'loaders', {
    configurable: true,
    enumerable: true,
    get: () => (made ??= createLoaders(db)),
    set: (value: Loaders) => {
      made = value;
    },
  });
}

/** Who makes the request: an API token (Authorization: Bearer), or the session of the cookie. */
export async function viewerOfRequest(
  db: Services['db'],
  authorization: string | null | undefined,
  cookie: string | null | undefined,
  options: { use?: boolean } = {},
) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (bearer) return viewerFromApiToken(db, bearer[1]!);
  return viewerFromToken(db, readCookie(cookie ?? null, SESSION_COOKIE), options);
}

/** What the HTTP layer knows about a request before GraphQL sees it. */
export interface ServerContext {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  secure: boolean;
  cookies: string[];
  /** A multipart request's operations, read by the HTTP layer (http/multipart.ts), files in place. */
  upload?: GraphQLUploadParams;
}

/** Runs the operations the HTTP layer read from a multipart upload, instead of Yoga's own parser. */
function useParsedUpload(): Plugin {
  return {
    onRequestParse({ serverContext, setRequestParser }) {
      const upload = (serverContext as Partial<ServerContext>).upload;
      if (upload) setRequestParser(() => upload);
    },
  };
}

/** The origin a request came to, by its Host header (the scheme as the HTTP layer saw it). */
function requestOrigin(request: Request, secure: boolean): string | null {
  const host = request.headers.get('host');
  if (!host || !/^[a-z0-9.\-:[\]]+$/i.test(host)) return null;
  return `${secure ? 'https' : 'http'}://${host}`;
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      // A value that is no valid %-escape is no session of ours: signed out, not a server fault.
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Parsed documents are cached so the admin's few dozen operations parse and validate once; each
 * cached document also keeps its JIT-compiled code and validation result alive (weakly keyed on
 * it). Yoga's default keeps 1,000 documents of any size, which let a stream of distinct large
 * queries pin hundreds of MB: bound the cache by count and by the text it holds.
 */
/** Each server's document cache, for tests that check it stays bounded. */
export const documentCacheOf = new WeakMap<Services, { size: number; calculatedSize: number }>();

function documentCaches() {
  const bounded = <T extends object>() =>
    new LRUCache<string, T>({
      max: 250,
      maxSize: 2 * 1024 * 1024,
      sizeCalculation: (_value, key) => key.length + 1,
    });
  return { documentCache: bounded<DocumentNode>(), errorCache: bounded<object>() };
}

/**
 * JIT-compiling a document costs far more memory and time than running it once: compile only
 * documents run a few times already (the admin's and an integration's own operations), never a
 * stream of one-off queries. Counted per cached document, so the counts are bounded with it.
 */
function hotDocument(runsBeforeJit = 3) {
  const runs = new WeakMap<DocumentNode, number>();
  return ({ document }: { document: DocumentNode }) => {
    const n = (runs.get(document) ?? 0) + 1;
    runs.set(document, n);
    return n >= runsBeforeJit;
  };
}

/**
 * A mutation may end sessions or change who may do what: the viewers this process remembers
 * (modules/staff/viewer-cache.ts) are forgotten once it has run.
 */
function useForgetViewersAfterMutations(services: Services): Plugin {
  return {
    onExecute({ args }) {
      const { document, operationName } = args as ExecutionArgs;
      if (getOperationAST(document, operationName)?.operation !== OperationTypeNode.MUTATION) return;
      return { onExecuteDone: () => forgetViewers(services.db) };
    },
  };
}

export function createGraphQLHandler(services: Services): YogaServerInstance<ServerContext, Ctx> {
  const dev = services.config.env === 'development';
  const caches = documentCaches();
  documentCacheOf.set(services, caches.documentCache);
  return createYoga<ServerContext, Ctx>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: dev,
    batching: false,
    // The HTTP layer (http/server.ts bodyRefusal) refuses a body without a Content-Length or over
    // its limit before anything is read, and Node reads exactly Content-Length bytes. Yoga's own
    // limit re-wraps every request body in a TransformStream pipeline (an AbortController and a
    // DOMException per request, ~3 % of a list request's CPU) to count bytes already bounded.
    maxRequestBodySize: false,
    parserAndValidationCache: caches,
    // Yoga's default reflects any Origin with credentials. Ours: no CORS headers at all (the admin
    // is same-origin); an origin listed in STOCKROOM_CORS_ORIGINS gets exactly itself back.
    cors: (request) => {
      const origin = request.headers.get('origin');
      if (!origin || !services.config.corsOrigins.includes(origin)) return false;
      return {
        origin: [origin],
        credentials: true,
        methods: ['GET', 'POST'],
        allowedHeaders: ['content-type', 'authorization', CSRF_HEADER],
        maxAge: 600,
      };
    },
    logging: {
      debug: (...args) => services.log.debug(args.map(String).join(' ')),
      info: (...args) => services.log.info(args.map(String).join(' ')),
      warn: (...args) => services.log.warn(args.map(String).join(' ')),
      error: (...args) => services.log.error(args.map(String).join(' ')),
    },
    maskedErrors: {
      // Our own top-level errors (GraphQLErrors with a code) and GraphQL's own validation errors
      // pass; anything else is logged in full and the client gets the request id only.
      maskError(error) {
        const graphqlError = error instanceof GraphQLError ? error : null;
        const original = graphqlError?.originalError;
        // A rule a query's argument broke (an amount, a date): the caller's fault, said in words.
        if (original instanceof DomainError) {
          return new GraphQLError(original.message, {
            path: graphqlError?.path,
            extensions: { code: 'BAD_REQUEST', userErrors: original.errors },
          });
        }
        // The database went away (here, in a resolver, or in the session lookup of the context):
        // HTTP 503 "try again", whatever step met it.
        if (isDatabaseUnavailable(original ?? error)) {
          const requestId = currentRequestId() ?? 'unknown';
          services.log.warn(
            { err: original ?? error },
            'database unreachable while answering a GraphQL request',
          );
          return databaseUnavailable(requestId, graphqlError?.path);
        }
        // Yoga's own refusals of the request (a body or variables that are not JSON, no query): the
        // caller's fault in words, without the parser's message Yoga attaches as originalError.
        // Answered with that 4xx status whatever the Accept header (Yoga's `spec` flag would make
        // it 200 for application/json).
        const http = graphqlError?.extensions?.http;
        if (graphqlError && http?.status !== undefined && http.status >= 400 && http.status < 500) {
          const { originalError: _parserMessage, ...extensions } = graphqlError.extensions;
          return new GraphQLError(graphqlError.message, {
            path: graphqlError.path,
            extensions: {
              code: 'BAD_REQUEST',
              ...extensions,
              http: { status: http.status, ...(http.headers ? { headers: http.headers } : {}) },
            },
          });
        }
        if (graphqlError && (!original || original instanceof GraphQLError)) return graphqlError;
        const requestId = currentRequestId() ?? 'unknown';
        services.log.error({ err: original ?? error }, 'unexpected error while answering a GraphQL request');
        return new GraphQLError(MESSAGES.internal(requestId), {
          path: graphqlError?.path,
          extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
        });
      },
    },
    context: async ({ request, requestId, ip, userAgent, secure, cookies }): Promise<Ctx> => {
      const authorization = request.headers.get('authorization');
      const viewer = await viewerOfRequest(services.db, authorization, request.headers.get('cookie'));
      // A token that matches no live one is refused outright (HTTP 401), not read as no one: the
      // integration learns its token is the problem instead of meeting "session ended" field by field.
      if (!viewer && sendsBearer(authorization)) throw invalidApiToken();
      const ctx: Ctx = {
        requestId,
        ip,
        userAgent,
        secure,
        origin: requestOrigin(request, secure),
        viewer,
        services,
        loaders: createLoaders(services.db),
        // On `this`: Yoga copies this object's fields into its own context, which resolvers get.
        renewLoaders(this: Ctx) {
          freshLoadersAtFirstUse(this, services.db);
        },
        revalidateViewer: () =>
          viewerOfRequest(services.db, authorization, request.headers.get('cookie'), { use: false }),
        sameOriginProof: Boolean(request.headers.get(CSRF_HEADER)) || sendsBearer(authorization),
        setCookie: (cookie) => cookies.push(cookie),
      };
      return ctx;
    },
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: 12 },
        maxAliases: { n: 30 },
        maxTokens: { n: 5000 },
        maxDirectives: { n: 50 },
        costLimit: { enabled: false }, // our own cost (useCost) also reports extensions.cost
        blockFieldSuggestion: { enabled: !dev },
      }),
      useParsedUpload(),
      useRequestParamErrors(),
      useRefuseNul(),
      useLimitErrors(),
      useCostOnRefusals(services.rateLimiter),
      useGraphQlJit({}, { enableIf: hotDocument() }),
      ...(dev ? [] : [useNoIntrospection()]),
      useCost(),
      useSubscriptionCost(),
      useForgetViewersAfterMutations(services),
      {
        onResponse({ response, serverContext }) {
          const ctx = serverContext as Partial<ServerContext>;
          for (const cookie of ctx.cookies ?? []) response.headers.append('set-cookie', cookie);
          response.headers.set('cache-control', 'no-store');
        },
      },
    ],
  });
}
