// The import boundaries of ARCHITECTURE §3 as a small local ESLint plugin: `stockroom/boundaries`
// (who may import whom), `stockroom/no-cycle` (no import cycles between our own files),
// `stockroom/no-module-cycle` (no two server modules import each other, counting any file of each)
// and `stockroom/table-owner` (a module writes only the tables its *.tables.ts declares). Relative
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
const SERVER = 'apps/server/src/';
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
    // Issue #27 §3: layers one way. app/ wires everything together and is imported by nothing below.
    broken: (from, to) =>
      ['modules', 'lib', 'db', 'graphql'].some((d) => under(from, `${SERVER}${d}`)) &&
      under(to, `${SERVER}app`),
    message:
      'app/ is the composition root (Yoga, schema assembly, loaders, HTTP, start): modules/, lib/, db/ and the graphql/ toolkit never import it.',
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

// Issue #27 §6: errors leave the lower layers as DomainError; the API edge makes GraphQL errors of them.
const BELOW_THE_EDGE = (file) =>
  /^apps\/server\/src\/modules\/.*\.(service|repository)\.ts$/.test(file) || under(file, `${SERVER}lib`);
const EDGE_MESSAGE =
  'Services, repositories and lib/ raise DomainError, never GraphQL errors: the API edge (app/yoga.ts) answers it.';

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
        if (source.value === 'graphql' && BELOW_THE_EDGE(from))
          context.report({ node: source, message: `${EDGE_MESSAGE} ("graphql")` });
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

// ---- Modules one way (issue #27 §3) ----

// Every import of a file, type-only ones included: a module that names another's types depends on it.
const ANY_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const ANY_DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The server module a file belongs to, or null. */
const moduleOf = (file) => segment(file, MODULES);

/** The other modules the module's files (tests aside) import, each with one file that does. */
function moduleDependencies(module, skipFile) {
  const dir = path.join(root, MODULES, module);
  const found = new Map();
  if (!fs.existsSync(dir)) return found;
  for (const name of fs.readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(name));
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file === skipFile) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of [...text.matchAll(ANY_IMPORT), ...text.matchAll(ANY_DYNAMIC_IMPORT)]) {
      const target = resolveImport(file, m[1]);
      const other = target && moduleOf(rel(target));
      if (other && other !== module && !found.has(other)) found.set(other, rel(file));
    }
  }
  return found;
}

const noModuleCycle = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = rel(context.filename);
    const module = moduleOf(from);
    if (!module || /\.test\.tsx?$/.test(from)) return {};
    const back = new Map();
    const check = (node) => {
      for (const source of sourcesOf(node)) {
        const target = resolveImport(context.filename, String(source.value));
        const other = target && moduleOf(rel(target));
        if (!other || other === module) continue;
        if (!back.has(other)) back.set(other, moduleDependencies(other, context.filename).get(module));
        const by = back.get(other);
        if (by)
          context.report({
            node: source,
            message: `Modules ${module} and ${other} import each other (${by} imports ${module}): make it one way — the higher module calls the lower, and a command composes both ("${source.value}")`,
          });
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

// ---- Each table written by one module (issue #27 §4) ----

const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom']);

/** Table → the module whose *.tables.ts declares it (in its `…Tables` interface). */
function tableOwners() {
  const owners = new Map();
  const modules = path.join(root, MODULES);
  for (const module of fs.readdirSync(modules)) {
    const dir = path.join(modules, module);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.tables.ts'))) {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      for (const [, body] of text.matchAll(/export interface \w+Tables\s*(?:extends[^{]*)?\{([^}]*)\}/g))
        for (const [, table] of body.matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gm)) owners.set(table, module);
    }
  }
  return owners;
}

const tableOwner = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = rel(context.filename);
    const module = moduleOf(from);
    if (!module || /\.test\.tsx?$/.test(from)) return {};
    let owners;
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name)) return;
        const arg = node.arguments[0];
        if (!arg || arg.type !== 'Literal' || typeof arg.value !== 'string') return;
        const table = arg.value.trim().split(/\s+/)[0];
        owners ??= tableOwners();
        const owner = owners.get(table);
        if (owner && owner !== module)
          context.report({
            node: arg,
            message: `${table} belongs to the ${owner} module (${owner}/*.tables.ts): ${module} asks a function of ${owner}'s service to write it, in the same transaction.`,
          });
      },
    };
  },
};

export const stockroomPlugin = {
  rules: { boundaries, 'no-cycle': noCycle, 'no-module-cycle': noModuleCycle, 'table-owner': tableOwner },
};
