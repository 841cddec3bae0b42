import { getNamedType, type GraphQLSchema } from 'graphql';
import type { Client } from '../helpers.js';
import { operationText } from './case-generator.js';
import type { Fixtures } from './fuzz-fixtures.js';
import { Plausible } from './plausible-values.js';

const KNOWN = /Known fields: ([^.]+)\./;

/**
 * Asks every field with a `query` argument for an unknown search field: its answer names the
 * known ones, so the fuzz covers each field a search understands, new ones included.
 */
export async function discoverSearchFields(
  client: Client,
  schema: GraphQLSchema,
  fixtures: Fixtures,
): Promise<Record<string, string[]>> {
  const plausible = new Plausible(fixtures);
  const out: Record<string, string[]> = {};
  for (const [op, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const arg = field.args.find((a) => a.name === 'query' && getNamedType(a.type).name === 'String');
      if (!arg) continue;
      const args = { ...plausible.args(field), query: 'zzfuzz:1' };
      const res = await client.request(operationText(op, field, args), args);
      const match = KNOWN.exec(JSON.stringify(res.body));
      out[field.name] = match ? match[1]!.split(',').map((s) => s.trim()) : [];
    }
  }
  return out;
}
