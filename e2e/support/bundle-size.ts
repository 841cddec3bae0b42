/**
 * Sizes of the built admin as a browser downloads it (gzip level 9 per file), read from Vite's
 * manifest (`build.manifest: true`): what a first load of a route fetches is the entry, its static
 * imports and the route module's static imports, with their CSS.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const ADMIN_DIST = path.resolve(import.meta.dirname, '../../apps/admin/dist');

export function readManifest(dist = ADMIN_DIST): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new Error(`No ${file}: run \`npm run build -w apps/admin\` first.`);
  }
}

export function gzippedBytes(file: string, dist = ADMIN_DIST): number {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/** Every file (JS and CSS) that loading these manifest keys fetches, following static imports. */
export function filesOf(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no "${key}".`);
    seen.add(key);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  const files = new Set<string>();
  for (const key of seen) {
    files.add(manifest[key]!.file);
    for (const css of manifest[key]!.css ?? []) files.add(css);
  }
  return [...files];
}

/** The one stylesheet of a build without CSS code splitting (`build.cssCodeSplit: false`), if any. */
export function globalCss(manifest: Manifest): string[] {
  const css = manifest['style.css'];
  return css ? [css.file] : [];
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry && k !== EARLY_KEY);
  if (entries.length !== 1) throw new Error(`Expected one entry, found: ${entries.join(', ')}`);
  return entries[0]!;
}

/** The page's first script (src/early.ts), an entry of its own that every first load runs too. */
export const EARLY_KEY = 'src/early.ts';

/** The manifest keys of the route modules (`src/features/<f>/routes/*-route.tsx`). */
export function routeKeys(manifest: Manifest): string[] {
  return Object.keys(manifest).filter((k) => /\/routes\/[^/]+-route\.tsx$/.test(k));
}

export function totalKb(files: string[], dist = ADMIN_DIST): number {
  return files.reduce((sum, f) => sum + gzippedBytes(f, dist), 0) / 1024;
}
