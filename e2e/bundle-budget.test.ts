import { describe, expect, it } from 'vitest';
import {
  EARLY_KEY,
  entryKey,
  filesOf,
  globalCss,
  gzippedBytes,
  readManifest,
  routeKeys,
  totalKb,
} from './support/bundle-size';

/**
 * Issue 15 item 6: download budgets of the built admin, in gzipped KB (sizes are deterministic,
 * unlike times). The first signed-in load of /products is the entry (frame, shell, session) plus
 * the products route with everything it imports statically, CSS included; every other route adds
 * its own chunks on top of the entry.
 */
// Ceilings a little above today's sizes (measured 2026-11-27: first load 304 KB, largest route 119 KB),
// so the bundle can only shrink from here. Since 2026-11-24 (345 KB, 130 KB) each graphql() document
// is built into the module that writes it (vite-plugins.ts), not one map of every operation; the one
// stylesheet holds only the Mantine components the app uses (27 KB, was 35); the toasts, the phone
// drawer and the bulk dialogs load when first used. Issue 15 item 6's targets, 200 KB and 60 KB, are
// NOT met yet: the entry's JavaScript alone is 236 KB (React DOM ~60, Apollo Client with rxjs and
// graphql ~45, Mantine core with floating-ui ~70, React Router 30), and the form routes carry zod
// (26 KB) and react-hook-form (17 KB).
// Raised to 330 on purpose (first load 323 KB): Mantine's components are one chunk, not ~30 files,
// so a first load is 35 requests, not 66; on HTTP/1.1's six connections the first screen's GraphQL
// requests no longer queue behind them, and /products shows its first row ~100 ms sooner
// (bench/ADMIN-LOAD.md). Fewer bytes at the cost of more round trips was the worse trade.
const FIRST_LOAD_PRODUCTS_KB = 330;
const ROUTE_KB = 125;

const manifest = readManifest();
const entry = entryKey(manifest);
const entryFiles = new Set(filesOf(manifest, [entry]));

describe('admin bundle budgets', () => {
  it(`a first load of /products downloads under ${FIRST_LOAD_PRODUCTS_KB} KB gzipped`, () => {
    const files = [
      ...filesOf(manifest, [EARLY_KEY, entry, 'src/features/products/routes/products-route.tsx']),
      ...globalCss(manifest),
    ];
    const kb = totalKb(files);
    const largest = files
      .map((f) => `${f} ${(gzippedBytes(f) / 1024).toFixed(1)} KB`)
      .sort((a, b) => parseFloat(b.split(' ')[1]!) - parseFloat(a.split(' ')[1]!))
      .slice(0, 8);
    expect(kb, `first load ${kb.toFixed(1)} KB; largest files:\n${largest.join('\n')}`).toBeLessThan(
      FIRST_LOAD_PRODUCTS_KB,
    );
  });

  it(`each route adds at most ${ROUTE_KB} KB gzipped to the entry`, () => {
    const routes = routeKeys(manifest);
    expect(routes.length).toBeGreaterThan(20);
    const over = routes
      .map((r) => ({ r, kb: totalKb(filesOf(manifest, [r]).filter((f) => !entryFiles.has(f))) }))
      .filter(({ kb }) => kb > ROUTE_KB)
      .map(({ r, kb }) => `${r}: ${kb.toFixed(1)} KB`);
    expect(over).toEqual([]);
  });
});
