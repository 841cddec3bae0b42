import { NoSchemaIntrospectionCustomRule, OperationTypeNode, Kind, type DefinitionNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { BUCKET_SIZE, RESTORE_PER_SECOND } from './rate-limit.js';
import type { Ctx } from './context.js';
import { actualCost, MAX_QUERY_COST, requestedCost } from './cost.js';
import { queryTooComplex, throttled } from './errors.js';

const LIMIT_MESSAGE = /limit of \d+ exceeded/i;

/**
 * Depth, alias, token and directive limits (graphql-armor) answer with the SPEC's QUERY_TOO_COMPLEX.
 * Mapped where Yoga shapes the final result, whichever phase (parse or validate) refused.
 */
export function useLimitErrors(): Plugin {
  const map = (result: ExecutionResult): ExecutionResult =>
    result.errors?.some((e) => LIMIT_MESSAGE.test(e.message))
      ? { ...result, errors: result.errors.map((e) => (LIMIT_MESSAGE.test(e.message) ? queryTooComplex(e.message) : e)) }
      : result;
  return {
    onResultProcess(payload) {
      const { result } = payload;
      if (Array.isArray(result)) payload.setResult(result.map((r: ExecutionResult) => map(r)));
      else if (!(Symbol.asyncIterator in (result as object))) payload.setResult(map(result as ExecutionResult));
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
      const requested = requestedCost(schema, document, operationName, variableValues ?? {});
      const operation = document.definitions.find(
        (d: DefinitionNode) => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
      );
      const isMutation = operation?.kind === Kind.OPERATION_DEFINITION && operation.operation === OperationTypeNode.MUTATION;
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
      const key = ctx.viewer ? `staff:${ctx.viewer.staffId}` : `ip:${ctx.ip ?? 'unknown'}`;
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
            extensions: { ...single.extensions, cost: costExtension(actual, Math.min(BUCKET_SIZE, taken.available + unused)) },
          });
        },
      };
    },
  };
}
