import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { GraphQLError } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { MESSAGES } from '@stockroom/domain';
import { currentRequestId } from '../lib/request-context.js';
import type { Services } from '../services.js';
import { viewerFromToken } from '../modules/staff/auth.service.js';
import { SESSION_COOKIE } from '../modules/staff/auth.schema.js';
import type { Ctx } from './context.js';
import { createLoaders } from './loaders.js';
import { useCost, useLimitErrors, useNoIntrospection } from './plugins.js';
import { buildSchema } from './schema.js';

/** What the HTTP layer knows about a request before GraphQL sees it. */
export interface ServerContext {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  secure: boolean;
  cookies: string[];
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function createGraphQLHandler(services: Services): YogaServerInstance<ServerContext, Ctx> {
  const dev = services.config.env === 'development';
  return createYoga<ServerContext, Ctx>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: dev,
    batching: false,
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
        if (graphqlError && (!original || original instanceof GraphQLError)) return graphqlError;
        const requestId = currentRequestId() ?? 'unknown';
        services.log.error({ err: original ?? error }, 'unexpected error while answering a GraphQL request');
        return new GraphQLError(MESSAGES.internal(requestId), {
          path: graphqlError?.path,
          extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
        });
      },
    },
    context: async ({ request, requestId, ip, userAgent, secure, cookies }): Promise<Ctx> => ({
      requestId,
      ip,
      userAgent,
      secure,
      viewer: await viewerFromToken(services.db, readCookie(request.headers.get('cookie'), SESSION_COOKIE)),
      services,
      loaders: createLoaders(services.db),
      setCookie: (cookie) => cookies.push(cookie),
    }),
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: 12 },
        maxAliases: { n: 30 },
        maxTokens: { n: 5000 },
        maxDirectives: { n: 50 },
        costLimit: { enabled: false }, // our own cost (useCost) also reports extensions.cost
        blockFieldSuggestion: { enabled: !dev },
      }),
      useLimitErrors(),
      useGraphQlJit(),
      ...(dev ? [] : [useNoIntrospection()]),
      useCost(),
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
