import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Puts each `graphql(`…`)` document where it is written, as the parsed document codegen made for
 * it (src/gql/graphql.ts, fragments included), and drops the `graphql` import. Without this every
 * screen imports src/gql, whose map holds every operation of the app (~500 kB of JavaScript): with
 * it a route's chunk carries its own operations and no others (issue 15 item 6). Types still come
 * from src/gql; only the build changes. A source codegen has not seen stops the build
 * (`npm run codegen`).
 */
export function inlineGraphqlDocuments(): Plugin {
  const gqlDir = path.resolve(import.meta.dirname, 'src/gql');
  let documents: Map<string, string> | undefined;
  const load = () => {
    const generated = readFileSync(path.join(gqlDir, 'graphql.ts'), 'utf8');
    const asts = new Map<string, string>();
    for (const [, name, ast] of generated.matchAll(
      /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*$/gm,
    ))
      asts.set(name!, ast!);
    const map = readFileSync(path.join(gqlDir, 'gql.ts'), 'utf8');
    const bySource = new Map<string, string>();
    for (const [, source, name] of map.matchAll(/^\s+("(?:[^"\\]|\\.)*"): types\.(\w+),$/gm)) {
      const ast = asts.get(name!);
      if (ast) bySource.set(JSON.parse(source!) as string, ast);
    }
    return bySource;
  };
  return {
    name: 'stockroom:inline-graphql-documents',
    apply: 'build',
    buildStart() {
      documents = load();
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.startsWith(gqlDir) || !code.includes('graphql(`')) return null;
      documents ??= load();
      const out = code.replace(/\bgraphql\(\s*`((?:[^`\\$]|\$(?!\{))*)`\s*\)/g, (_call, source: string) => {
        const ast = documents!.get(source);
        if (!ast)
          this.error(`${id}: a graphql() document that src/gql does not know; run \`npm run codegen\`.`);
        return `(${ast})`;
      });
      if (/\bgraphql\(/.test(out)) this.error(`${id}: a graphql() call this build cannot inline.`);
      return { code: out.replace(/^import \{ graphql \} from '(?:\.\.?\/)+gql';$/m, ''), map: null };
    },
  };
}

/**
 * Mantine's CSS per component, with the component: each `*.module.mjs` of @mantine/core (the class
 * names of one component) imports that component's stylesheet, so a chunk's CSS holds the
 * components the chunk uses and the first load does not carry all of Mantine's 250 kB
 * (issue 15 item 6). The `.layer.css` files put Mantine in `@layer mantine`, so the app's own CSS
 * wins over it whatever order the chunks arrive in. The dev server pre-bundles Mantine (no
 * transform runs on it), so there main.tsx gets the whole stylesheet.
 */
export function mantineCssPerComponent(): Plugin {
  let serve = false;
  return {
    name: 'stockroom:mantine-css-per-component',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        return id.endsWith('/src/main.tsx')
          ? { code: `import '@mantine/core/styles.layer.css';\n${code}`, map: null }
          : null;
      }
      const match = /\/node_modules\/@mantine\/core\/esm\/.*\/(\w+)\.module\.mjs$/.exec(id);
      if (!match) return null;
      return { code: `${code}\nimport '@mantine/core/styles/${match[1]}.layer.css';\n`, map: null };
    },
  };
}
