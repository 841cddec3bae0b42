import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import checkFile from 'eslint-plugin-check-file';
import { stockroomPlugin } from './scripts/eslint-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/admin/src/gql/**',
      'apps/admin/src/**/*.generated.ts',
      '**/*.config.js',
      'apps/server/build.mjs',
      'e2e/screenshots/**',
      // Declarations of the bench's JavaScript for the TypeScript test that runs its scenarios.
      'bench/**/*.d.mts',
      'scripts/*.d.mts',
      // The README's webhook-verifying snippet, for the test that runs it.
      'examples/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'scripts/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // A module adds its loaders to the toolkit's interface by `interface Loaders extends …{}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    // ARCHITECTURE §3: imports run one way, and modules and features keep to themselves.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { stockroom: stockroomPlugin, 'check-file': checkFile },
    rules: {
      'stockroom/boundaries': 'error',
      'stockroom/no-cycle': 'error',
      'stockroom/no-module-cycle': 'error',
      'stockroom/table-owner': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'apps/**/src/**/': 'KEBAB_CASE', 'packages/**/src/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    // Migrations are named by the date they were written, so they apply in order.
    files: ['apps/server/src/db/migrations/*.ts'],
    rules: { 'check-file/filename-naming-convention': 'off' },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
  {
    // Tests read untyped GraphQL JSON; asserting on it is their job.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      'no-unsafe-optional-chaining': 'off',
    },
  },
  {
    files: ['apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
