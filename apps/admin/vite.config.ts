import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { inlineGraphqlDocuments, mantineCssPerComponent, preloadFirstRoute } from './vite-plugins';

const server = process.env.STOCKROOM_SERVER_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react(), inlineGraphqlDocuments(), mantineCssPerComponent(), preloadFirstRoute()],
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
  },
});
