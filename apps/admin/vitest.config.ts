import { defineProject } from 'vitest/config';

/** Unit tests of the admin's pure pieces (error words, links, helpers), beside the code. */
export default defineProject({
  test: {
    name: 'admin',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
