import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { inlineGraphqlDocuments, mantineCssPerComponent } from './vite-plugins';

const server = process.env.STOCKROOM_SERVER_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react(), inlineGraphqlDocuments(), mantineCssPerComponent()],
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
    // Route screens are lazy chunks. The entry holds React, Mantine, Apollo and the router: ~610 kB
    // minified, ~180 kB gzipped; ARCHITECTURE §6 budgets all initial JS at 250 kB gzipped.
    chunkSizeWarningLimit: 700,
  },
});
