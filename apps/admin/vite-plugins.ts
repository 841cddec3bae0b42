import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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
 * names of one component) imports that component's stylesheet, so the build's CSS holds the
 * components the app uses and not all of Mantine's 250 kB (issue 15 item 6). The `.layer.css` files
 * put Mantine in `@layer mantine`, so the app's own CSS wins over it whatever the order. The dev
 * server pre-bundles Mantine (no transform runs on it), so there main.tsx gets the whole stylesheet.
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

/**
 * Mantine's ScrollArea (and so every `Table`, whose `Table.ScrollContainer` is a ScrollArea) takes
 * one hook from @floating-ui/react, `useMergeRefs`; with it the whole positioning library (~15 kB
 * gzipped, for Popover, Tooltip and Menu) came with the first list screen. Here ScrollArea gets the
 * same hook from @mantine/hooks (`useMergedRef`, same merge with React 19 ref cleanups), and
 * floating-ui comes with the first popover, tooltip or menu (issue 35 item 5).
 */
export function scrollAreaWithoutFloatingUi(): Plugin {
  const ID = '\0stockroom:scroll-area-merge-refs';
  return {
    name: 'stockroom:scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' &&
        importer &&
        /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/.test(importer)
        ? ID
        : null;
    },
    load(id) {
      if (id !== ID) return null;
      return `import { useMergedRef } from '@mantine/hooks';
export function useMergeRefs(refs) {
  return useMergedRef(...refs);
}
`;
    },
  };
}

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Starts downloading the first screen's code with the entry, not after it. A small classic script,
 * `/route-preload.js`, runs in the head before the entry and adds `modulepreload` links (and
 * `preload` for CSS) for the route module of the page's path and every chunk it imports. Without
 * it the router asks for the route's chunks only once the entry (React, Mantine, Apollo) has been
 * downloaded and run (issue 16 item 10). Paths come from src/app/router.tsx's route objects.
 */
export function preloadFirstRoute(): Plugin {
  const src = path.resolve(import.meta.dirname, 'src');
  const routerFile = path.join(src, 'app/router.tsx');
  return {
    name: 'stockroom:preload-first-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      // First in the head, so its request goes out before the entry's; async: it never holds up the page.
      handler: () => [
        { tag: 'script', attrs: { src: '/route-preload.js', async: true }, injectTo: 'head-prepend' },
      ],
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunkLike & typeof c => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c as OutputChunkLike]));
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const i of byFile.get(file)?.imports ?? []) visit(i);
        };
        start.forEach(visit);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry && c.name !== EARLY_CHUNK);
      if (!entry) return;
      const loaded = closure([entry.fileName]);
      const routes: [string, string[]][] = [];
      const router = readFileSync(routerFile, 'utf8');
      const pattern = /(?:path: '([^']+)'|index: true)[\s\S]*?import\('([^']+)'\)/g;
      for (const [, routePath = '', modulePath] of router.matchAll(pattern)) {
        if (routePath === '*') continue;
        const id = path.resolve(path.dirname(routerFile), `${modulePath}.tsx`);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) continue;
        const files = [...closure([chunk.fileName])].filter((f) => !loaded.has(f));
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        const absolute = routePath.startsWith('/') ? routePath : `/${routePath}`;
        const regex = `^${absolute.replace(/:[^/]+/g, '[^/]+')}/?$`;
        routes.push([regex, [...files, ...css.filter((c) => !loaded.has(c))]]);
      }
      // Static paths before parameters ('products/new' before 'products/:productId').
      routes.sort((a, b) => Number(a[0].includes('[^/]+')) - Number(b[0].includes('[^/]+')));
      // Each file once, routes by index: the script stays small.
      const files = [...new Set(routes.flatMap(([, f]) => f))];
      const table = JSON.stringify(routes.map(([regex, f]) => [regex, f.map((x) => files.indexOf(x))]));
      const source = `// Generated by vite-plugins.ts (preloadFirstRoute): the first screen's chunks, fetched with the entry.
(function () {
  var files = ${JSON.stringify(files)};
  var routes = ${table};
  var path = location.pathname;
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0]).test(path)) continue;
    routes[i][1].forEach(function (n) {
      var file = files[n];
      var link = document.createElement('link');
      var css = /\\.css$/.test(file);
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      link.crossOrigin = '';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
    return;
  }
})();
`;
      this.emitFile({ type: 'asset', fileName: 'route-preload.js', source });
    },
  };
}

const EARLY_CHUNK = 'early';

/**
 * The page's first script (src/early.ts, see lib/early-requests.ts): its own small entry chunk,
 * first in the head as an async module with its imports preloaded, so it runs and asks for the
 * first screen's data while the app's entry is still downloading. Also serves
 * `virtual:graphql-text/<Operation>`: an operation's text as Apollo Client sends it (its document
 * from codegen's output with `__typename` added by Apollo's own transform), which the early
 * requests must match.
 */
export function earlyRequests(): Plugin {
  const src = path.resolve(import.meta.dirname, 'src');
  const generated = [path.join(src, 'gql/graphql.ts'), path.join(src, 'lib/shell-api/shell.generated.ts')];
  const PREFIX = 'virtual:graphql-text/';
  let serve = false;
  return {
    name: 'stockroom:early-requests',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    buildStart() {
      if (!serve) this.emitFile({ type: 'chunk', id: path.join(src, 'early.ts'), name: EARLY_CHUNK });
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      const pattern = new RegExp(
        `^export const ${name}Document = (\\{.*\\}) as unknown as DocumentNode<`,
        'm',
      );
      const found = generated.map((file) => pattern.exec(readFileSync(file, 'utf8'))?.[1]).find(Boolean);
      if (!found) this.error(`No operation ${name} in codegen's output; run \`npm run codegen\`.`);
      const [{ print, stripIgnoredCharacters }, { addTypenameToDocument }] = await Promise.all([
        import('graphql'),
        import('@apollo/client/utilities'),
      ]);
      const document = JSON.parse(found) as Parameters<typeof addTypenameToDocument>[0];
      const text = stripIgnoredCharacters(print(addTypenameToDocument(document)));
      return `export default ${JSON.stringify(text)};`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (serve) {
          return [
            {
              tag: 'script',
              attrs: { type: 'module', src: '/src/early.ts', async: true },
              injectTo: 'head-prepend',
            },
          ];
        }
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === EARLY_CHUNK,
        ) as OutputChunkLike | undefined;
        if (!chunk) return [];
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}`, async: true },
            injectTo: 'head-prepend',
          },
          ...chunk.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}

/**
 * Writes a brotli and a gzip copy beside each text file of the build (JS, CSS, HTML, SVG, JSON over
 * 1 kB); the server sends the one the browser accepts (apps/server/src/http/static.ts). Compressed
 * once here at maximum quality instead of per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stockroom:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
