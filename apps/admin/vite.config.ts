import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import {
  earlyRequests,
  inlineGraphqlDocuments,
  mantineCssPerComponent,
  precompress,
  preloadFirstRoute,
  scrollAreaWithoutFloatingUi,
} from './vite-plugins.ts';

/** Mantine and what its components are built on. */
const MANTINE =
  /[\\/]node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-textarea-autosize|clsx)[\\/]/;

/** The modules of the `lists` chunk: the shell's and the list screens' shared pieces. */
const LIST_KIT = new RegExp(
  [
    String.raw`[\\/]src[\\/]components[\\/](list-results|list-pager|list-controls|search-field|filter-chips|sortable-th|data-view|error-state)\.tsx?$`,
    String.raw`[\\/]src[\\/]lib[\\/](format|use-format-date-time|use-list-selection|use-list-keyboard|record-neighbours|use-progressive-rows|list-params|keyboard|errors)\.tsx?$`,
    String.raw`[\\/]node_modules[\\/]@apollo[\\/]client[\\/]`,
    // The Mantine components of the list screens that the shell does not draw (rows' checkboxes and
    // badges, the screen's title): here, not in `mantine-more`, which /products would then load too.
    String.raw`[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Checkbox|Badge|Title)[\\/]`,
    String.raw`[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]Icon(Plus|Chevron\w+|X|Arrow(Up|Down)|ArrowsSort|Photo|Search|Check|Sort\w+))\.mjs$`,
  ].join('|'),
);

/** The plain modules src/early.ts imports (lib/early-requests.ts says why they are plain). */
const EARLY_SHARED =
  /[\\/](src[\\/](lib[\\/](early-requests|first-page|list-params-of|list-sorting)|features[\\/]products[\\/](api[\\/]products-(variables|first-page)|components[\\/]product-list-sorting))|domain[\\/]src[\\/]http)\.ts$/;

const server = process.env.STOCKROOM_SERVER_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [
    react(),
    earlyRequests(),
    inlineGraphqlDocuments(),
    mantineCssPerComponent(),
    preloadFirstRoute(),
    scrollAreaWithoutFloatingUi(),
    precompress(),
  ],
  // react-datasheet-grid's react-resize-detector asks for React DOM 16–18 and npm nests a copy;
  // there must be one React DOM (the app's 19).
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    proxy: {
      '/graphql': server,
      '/healthz': server,
      '/readyz': server,
      '/media': server,
      '/documents': server,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: e2e/bundle-budget.test.ts follows it to sum what a first load downloads.
    manifest: true,
    // A stylesheet per chunk: the first load fetches the CSS of what it draws (the shell's Mantine, the
    // list kit, the products list: 17 kB gzipped in 4 files) and each screen brings its own (issue 35
    // item 5). One stylesheet of everything was 29 kB on every first load; it was chosen when a first
    // load split ~25 small CSS files, before Mantine and the list kit were grouped into few chunks.
    cssCodeSplit: true,
    // Route screens are lazy chunks. The entry holds React, the Mantine the shell draws, Apollo and
    // the router; ARCHITECTURE §6 budgets a first load at 200 kB gzipped (e2e/bundle-budget.test.ts).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Mantine's components in few chunks, not one file each: a first load was 64 scripts, and on
        // HTTP/1.1's six connections per host they queued the first screen's GraphQL requests behind
        // them (issue 16 item 10). Routes still load their own code.
        codeSplitting: {
          groups: [
            // What the entry draws (the shell, MantineProvider, AppShell, buttons…): `$initial` keeps the
            // components only later screens use (inputs, selects, popovers, dialogs: ~80 kB gzipped) out
            // of the first load (issue 15 item 6).
            { name: 'mantine', test: MANTINE, priority: 2, tags: ['$initial'] },
            // The rest of Mantine, in chunks by the screens that use them; those under 20 kB join their
            // nearest neighbour, so a form screen loads a handful of them rather than one per component.
            {
              name: 'mantine-more',
              test: MANTINE,
              priority: 0,
              entriesAware: true,
              // No merging: a chunk per exact set of screens is acyclic by construction (a module's
              // imports are used by at least its screens), whereas merging small ones into a
              // neighbour made two chunks import each other, and the login screen's chunk read
              // TagsInput's `InputBase.classes` before it ran (every screen in it failed to load).
              entriesAwareMergeThreshold: 0,
            },
            // What every list screen and the shell share, as one file: on HTTP/1.1's six connections a
            // first /products fetched ~20 small shared chunks (list pager, search field, chips, icons,
            // Apollo's hooks…) that queued behind the entry and the first screen's GraphQL requests,
            // and the route waited ~100 ms for the last of them (issue 16 item 10).
            { name: 'lists', test: LIST_KIT, priority: 1 },
            // What src/early.ts runs, kept out of `lists` (which takes in what its modules import):
            // the page's first script must not wait for Apollo and the list components.
            { name: 'early-shared', test: EARLY_SHARED, priority: 3 },
          ],
        },
      },
    },
  },
});
