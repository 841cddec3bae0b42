import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { applyAuth, findUndeclaredFields } from '../../src/graphql/auth.js';
import { buildSchema, printedSchema } from '../../src/app/schema.js';

describe('schema', () => {
  it('matches the committed apps/server/schema.graphql (run `npm run schema:print` after changing it)', () => {
    const committed = fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed.trim()).toBe(printedSchema().trim());
  });

  it('declares a permission (or public) on every field of every type', () => {
    expect(findUndeclaredFields(buildSchema())).toEqual([]);
  });

  it('refuses to serve a schema with a field that declares nothing', () => {
    const Secret = new GraphQLObjectType({
      name: 'Secret',
      extensions: {},
      fields: { value: { type: GraphQLString } },
    });
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({
        name: 'Query',
        fields: {
          open: { type: GraphQLString, extensions: { auth: 'public' } },
          secret: { type: Secret, extensions: { auth: 'authenticated' } },
          forgotten: { type: GraphQLString },
        },
      }),
    });
    expect(findUndeclaredFields(schema)).toEqual(['Query.forgotten', 'Secret.value']);
    expect(() => applyAuth(schema)).toThrow(/Query\.forgotten, Secret\.value/);
  });

  it('does not let a root field inherit a declaration from its type', () => {
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({
        name: 'Query',
        extensions: { auth: 'public' },
        fields: { leaky: { type: GraphQLString } },
      }),
    });
    expect(findUndeclaredFields(schema)).toEqual(['Query.leaky']);
  });
});
