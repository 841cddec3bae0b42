// The import boundaries of ARCHITECTURE §3 as a small local ESLint plugin: `stockroom/boundaries`
// (who may import whom) and `stockroom/no-cycle` (no import cycles between our own files). Relative
// imports are resolved by path (`./x.js` → `./x.ts`), so it needs no resolver package.
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** The file a relative import names, or null when it is not one of ours. */
function resolveImport(fromFile, source) {
  if (!source.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), source);
  const candidates = [];
  if (/\.(m?js)$/.test(base))
    candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base);
  else
    candidates.push(
      base,
      `${base}.ts`,
      `${base}.tsx`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    );
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

const under = (file, dir) => file === dir || file.startsWith(`${dir}/`);
const segment = (file, prefix) => (file.startsWith(prefix) ? file.slice(prefix.length).split('/')[0] : null);
const FEATURES = 'apps/admin/src/features/';
const MODULES = 'apps/server/src/modules/';

/** The rules, each a predicate on (importing file, imported file), both relative to the repo root. */
const RULES = [
  {
    broken: (from, to) => {
      const a = segment(from, FEATURES);
      const b = segment(to, FEATURES);
      return a !== null && b !== null && a !== b;
    },
    message: 'An admin feature does not import another feature: move what both need to components/ or lib/.',
  },
  {
    broken: (from, to) =>
      ['apps/admin/src/features', 'apps/admin/src/components', 'apps/admin/src/lib'].some((d) =>
        under(from, d),
      ) && under(to, 'apps/admin/src/app'),
    message: 'app/ (router, shell) imports features, never the other way round.',
  },
  {
    broken: (from, to) =>
      (under(from, 'apps/admin/src/components') || under(from, 'apps/admin/src/lib')) &&
      under(to, 'apps/admin/src/features'),
    message: 'Shared admin code does not depend on a feature.',
  },
  {
    broken: (from, to) => under(from, 'packages') && under(to, 'apps'),
    message: 'packages/ are below apps/: apps import packages, never the reverse.',
  },
  {
    broken: (from, to) => under(from, 'apps/admin') && under(to, 'apps/server'),
    message: 'The admin talks to the server over GraphQL only.',
  },
  {
    broken: (from, to) => under(from, 'apps/server') && under(to, 'apps/admin'),
    message: 'The server does not import the admin.',
  },
  {
    broken: (from, to) => {
      const a = segment(from, MODULES);
      const b = segment(to, MODULES);
      return a !== null && b !== null && a !== b && /(\.repository|\.loaders|-search)\.ts$/.test(to);
    },
    message:
      'Server modules reach each other through services (or GraphQL types), never another module’s repository, loaders or search.',
  },
  {
    broken: (from, to) =>
      (/^apps\/server\/src\/modules\/.*\.(service|repository)\.ts$/.test(from) ||
        under(from, 'apps/server/src/lib')) &&
      under(to, 'apps/server/src/graphql'),
    message: 'Services and repositories know nothing of GraphQL: raise a DomainError; the schema maps it.',
  },
  {
    broken: (from, to) =>
      /^apps\/server\/src\/modules\/.*\.repository\.ts$/.test(from) && /\.service\.ts$/.test(to),
    message: 'Repositories hold SQL only; services call them, not the reverse.',
  },
  {
    // Issue #9: rows become domain objects at the repository edge.
    broken: (from, to) =>
      under(from, 'apps/server/src') &&
      /\.tables\.ts$/.test(to) &&
      !/\.(repository|model|tables)\.ts$/.test(from) &&
      !under(from, 'apps/server/src/db') &&
      !under(from, 'apps/server/src/seed'),
    message:
      'Only repositories and models know the tables: services, loaders and schema work with the domain objects of a *.model.ts.',
  },
];

function sourcesOf(node) {
  if (
    (node.type === 'ImportDeclaration' ||
      node.type === 'ExportNamedDeclaration' ||
      node.type === 'ExportAllDeclaration') &&
    node.source
  ) {
    return [node.source];
  }
  if (node.type === 'ImportExpression' && node.source.type === 'Literal') return [node.source];
  return [];
}

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = rel(context.filename);
    const check = (node) => {
      for (const source of sourcesOf(node)) {
        const target = resolveImport(context.filename, String(source.value));
        if (!target) continue;
        const to = rel(target);
        for (const rule of RULES)
          if (rule.broken(from, to))
            context.report({ node: source, message: `${rule.message} ("${source.value}")` });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// Value imports of a file (type-only imports vanish at build time and cannot form a cycle).
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const graph = new Map();
function importsOf(file) {
  let deps = graph.get(file);
  if (!deps) {
    const text = fs.readFileSync(file, 'utf8');
    deps = [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[1])).filter(Boolean);
    graph.set(file, deps);
  }
  return deps;
}

/** The import path from `start` back to itself, or null. */
function cycleFrom(start) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    for (const dep of importsOf(file)) {
      if (dep === start) return [...trail, dep];
      if (!seen.has(dep)) {
        seen.add(dep);
        stack.push([dep, [...trail, dep]]);
      }
    }
  }
  return null;
}

const noCycle = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      Program(node) {
        graph.delete(context.filename); // this file as it is now
        const cycle = cycleFrom(context.filename);
        if (cycle) context.report({ node, message: `Import cycle: ${cycle.map((f) => rel(f)).join(' → ')}` });
      },
    };
  },
};

export const stockroomPlugin = { rules: { boundaries, 'no-cycle': noCycle } };
