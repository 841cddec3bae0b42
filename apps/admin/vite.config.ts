import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import {
  earlyRequests,
  inlineGraphqlDocuments,
  mantineCssPerComponent,
  precompress,
  preloadFirstRoute,
} from './vite-plugins';

const server = process.env.STOCKROOM_SERVER_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [
    react(),
    earlyRequests(),
    inlineGraphqlDocuments(),
    mantineCssPerComponent(),
    preloadFirstRoute(),
    precompress(),
  ],
  server: {
    proxy: {
      '/graphql': server,
      '/healthz': server,
      '/readyz': server,
      '/media': server,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: e2e/bundle-budget.test.ts follows it to sum what a first load downloads.
    manifest: true,
    // One stylesheet (manifest key "style.css"): Mantine's CSS of the components the app uses (see
    // mantineCssPerComponent) and the app's own, ~27 kB gzipped. Split per chunk it was ~25 small files
    // on a first load, each its own request that the route waits for (issue 16 item 10).
    cssCodeSplit: false,
    // Route screens are lazy chunks. The entry holds React, Mantine, Apollo and the router: ~610 kB
    // minified, ~180 kB gzipped; ARCHITECTURE §6 budgets all initial JS at 250 kB gzipped.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Mantine's components in one chunk, not one file each: a first load was 64 scripts, and on
        // HTTP/1.1's six connections per host they queued the first screen's GraphQL requests behind
        // them (issue 16 item 10). Routes still load their own code.
        codeSplitting: {
          groups: [
            {
              name: 'mantine',
              test: /[\\/]node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-textarea-autosize|clsx)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
