import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  OperationTypeNode,
  Kind,
  type DefinitionNode,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { BUCKET_SIZE, RESTORE_PER_SECOND, type RateLimiter } from '../lib/rate-limit.js';
import type { Ctx } from '../graphql/context.js';
import { actualCost, cachedRequestedCost, MAX_QUERY_COST } from '../graphql/cost.js';
import { queryTooComplex, throttled } from '../graphql/errors.js';
import { SUBSCRIPTION_OPEN_COST } from '../modules/events/live-hub.js';

const LIMIT_MESSAGE = /limit of \d+ exceeded/i;
/** "Did you mean …?" in validation messages tells a prober what exists: SPEC §8 says only what failed. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

function withoutSuggestions(error: GraphQLError): GraphQLError {
  if (!SUGGESTION.test(error.message)) return error;
  SUGGESTION.lastIndex = 0;
  return new GraphQLError(error.message.replace(SUGGESTION, ''), {
    nodes: error.nodes,
    path: error.path,
    extensions: error.extensions,
  });
}

/**
 * Depth, alias, token and directive limits (graphql-armor) answer with the SPEC's QUERY_TOO_COMPLEX,
 * and validation messages lose their "Did you mean …?" hints. Mapped where Yoga shapes the final
 * result, whichever phase (parse or validate) refused.
 */
export function useLimitErrors(): Plugin {
  const map = (result: ExecutionResult): ExecutionResult =>
    result.errors?.length
      ? {
          ...result,
          errors: result.errors.map((e) =>
            LIMIT_MESSAGE.test(e.message) ? queryTooComplex(e.message) : withoutSuggestions(e),
          ),
        }
      : result;
  return {
    onResultProcess(payload) {
      const { result } = payload;
      if (Array.isArray(result)) payload.setResult(result.map((r: ExecutionResult) => map(r)));
      else if (!(Symbol.asyncIterator in (result as object)))
        payload.setResult(map(result as ExecutionResult));
    },
  };
}

/** Introspection only in development: the admin is built against the committed schema.graphql. */
export function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/**
 * SPEC §7.2 / §9: refuses queries costing over 5,000, takes the requested cost from the caller's
 * bucket (THROTTLED with HTTP 429 when empty), refunds what went unused, and reports
 * `extensions.cost` on every response.
 */
export function useCost(): Plugin<Ctx> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const { schema, document, operationName, variableValues, contextValue } = args as ExecutionArgs;
      const ctx = contextValue as Ctx;
      const requested = cachedRequestedCost(
        schema,
        document,
        operationName,
        variableValues ?? {},
        await ctx.services.listBounds(),
      );
      const operation = document.definitions.find(
        (d: DefinitionNode) =>
          d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
      );
      const isMutation =
        operation?.kind === Kind.OPERATION_DEFINITION && operation.operation === OperationTypeNode.MUTATION;
      const costExtension = (actual: number | null, available: number) => ({
        requestedQueryCost: requested,
        actualQueryCost: actual,
        throttleStatus: {
          maximumAvailable: BUCKET_SIZE,
          currentlyAvailable: Math.floor(available),
          restoreRate: RESTORE_PER_SECOND,
        },
      });
      if (requested > MAX_QUERY_COST) {
        setResultAndStopExecution({
          errors: [queryTooComplex(`Query cost ${requested} is over the limit of ${MAX_QUERY_COST}.`)],
          extensions: { cost: costExtension(null, BUCKET_SIZE) },
        });
        return;
      }
      // An API token has a bucket of its own, apart from the person who made it.
      const key = ctx.viewer?.token
        ? `token:${ctx.viewer.token.id}`
        : ctx.viewer
          ? `staff:${ctx.viewer.staffId}`
          : `ip:${ctx.ip ?? 'unknown'}`;
      const taken = await ctx.services.rateLimiter.take(key, requested);
      if (!taken.ok) {
        setResultAndStopExecution({
          errors: [throttled(taken.retryAfter)],
          extensions: { cost: costExtension(null, taken.available) },
        });
        return;
      }
      return {
        async onExecuteDone({ result, setResult }) {
          if (Symbol.asyncIterator in (result as object)) return;
          const single = result as ExecutionResult;
          const actual = Math.min(requested, actualCost(single.data, isMutation));
          const unused = requested - actual;
          if (unused > 0) await ctx.services.rateLimiter.refund(key, unused);
          setResult({
            ...single,
            extensions: {
              ...single.extensions,
              cost: costExtension(actual, Math.min(BUCKET_SIZE, taken.available + unused)),
            },
          });
        },
      };
    },
  };
}

/**
 * SPEC §7.2: `extensions.cost` on every response, those refused before execution (parse,
 * validation, limits) included: they cost nothing, and say what the caller has left.
 */
export function useCostOnRefusals(rateLimiter: RateLimiter): Plugin {
  const withCost = async (result: ExecutionResult, ip: string | null): Promise<ExecutionResult> => {
    if (result.extensions?.['cost']) return result;
    const { available } = await rateLimiter.take(`ip:${ip ?? 'unknown'}`, 0);
    const cost = {
      requestedQueryCost: 0,
      actualQueryCost: 0,
      throttleStatus: {
        maximumAvailable: BUCKET_SIZE,
        currentlyAvailable: Math.floor(available),
        restoreRate: RESTORE_PER_SECOND,
      },
    };
    return { ...result, extensions: { ...result.extensions, cost } };
  };
  return {
    async onResultProcess(payload) {
      const { result, serverContext } = payload;
      const ip = (serverContext as { ip?: string | null }).ip ?? null;
      if (Array.isArray(result))
        payload.setResult(await Promise.all(result.map((r: ExecutionResult) => withCost(r, ip))));
      else if (!(Symbol.asyncIterator in (result as object)))
        payload.setResult(await withCost(result as ExecutionResult, ip));
    },
  };
}

/** Half of a UTF-16 surrogate pair on its own: no character at all, and PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function someText(value: unknown, test: (text: string) => boolean, depth = 0): boolean {
  if (typeof value === 'string') return test(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((v) => someText(v, test, depth + 1));
}

const refused = (message: string) => ({
  errors: [new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } })],
});

/**
 * A NUL character can be stored by no PostgreSQL text column, and a lone surrogate is not text
 * (jsonb, e.g. the audit log's changes, refuses it): refuse either in the query text or any
 * variable up front, as the caller's fault, instead of failing deep in a statement.
 */
export function useRefuseNul(): Plugin {
  return {
    onParams({ params, setResult }) {
      const hasNul = (text: string) => text.includes('\u0000');
      const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);
      if (
        someText(params.variables, hasNul) ||
        someText(params.query, hasNul) ||
        /\\u0000/.test(params.query ?? '')
      ) {
        setResult(refused('Text may not contain the NUL character (\\u0000).'));
      } else if (someText(params.variables, hasLoneSurrogate) || someText(params.query, hasLoneSurrogate)) {
        setResult(refused('Text may not contain half of a surrogate pair (\\uD800 to \\uDFFF) on its own.'));
      }
    },
  };
}

/**
 * Yoga reads `variables` and `extensions` of a GET (or form-encoded) request with a bare
 * JSON.parse: malformed JSON there is the caller's mistake, answered as BAD_REQUEST (HTTP 400)
 * in words, not a masked server error.
 */
export function useRequestParamErrors(): Plugin {
  return {
    onRequestParse({ requestParser, setRequestParser }) {
      if (!requestParser) return;
      setRequestParser(async (request) => {
        try {
          return await requestParser(request);
        } catch (err) {
          if (!(err instanceof SyntaxError)) throw err;
          throw new GraphQLError('The variables or extensions parameter is not valid JSON.', {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        }
      });
    },
  };
}

/**
 * Issue #28 §3: opening a live stream costs its query's cost plus SUBSCRIPTION_OPEN_COST from the
 * caller's bucket (the same bucket as queries); events delivered on an open stream cost nothing
 * more (their number is bounded by the streams' limits). Over the bucket: THROTTLED, as a query.
 */
export function useSubscriptionCost(): Plugin<Ctx> {
  return {
    async onSubscribe({ args, setResultAndStopExecution }) {
      const { schema, document, operationName, variableValues, contextValue } = args as ExecutionArgs;
      const ctx = contextValue as Ctx;
      const requested =
        cachedRequestedCost(
          schema,
          document,
          operationName,
          variableValues ?? {},
          await ctx.services.listBounds(),
        ) + SUBSCRIPTION_OPEN_COST;
      if (requested > MAX_QUERY_COST) {
        setResultAndStopExecution({
          errors: [queryTooComplex(`Subscription cost ${requested} is over the limit of ${MAX_QUERY_COST}.`)],
        });
        return;
      }
      const key = ctx.viewer?.token
        ? `token:${ctx.viewer.token.id}`
        : ctx.viewer
          ? `staff:${ctx.viewer.staffId}`
          : `ip:${ctx.ip ?? 'unknown'}`;
      const taken = await ctx.services.rateLimiter.take(key, requested);
      if (!taken.ok) setResultAndStopExecution({ errors: [throttled(taken.retryAfter)] });
    },
  };
}
