import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents from `graphql()` calls in src, generated into src/gql (committed). The app shell's
 * few operations are .graphql files generated into their own small module, so the first download
 * carries only them and not every document of every screen.
 *
 * Each output names its own `documents` and there is no root list: codegen ADDS an output's
 * `documents` to the root ones rather than replacing them, so a root list made the shell's module
 * hold every operation of the app (issue 27 item 8).
 */
const config: CodegenConfig = {
  schema: '../server/schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'src/gql/': {
      documents: ['src/**/*.{ts,tsx}', '!src/gql/**/*', '!src/lib/shell-api/shell.generated.ts'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        // `enumsAsTypes` of older versions: enums become string-literal unions.
        enumType: 'string-literal',
        scalars: { DateTime: 'string' },
        skipTypename: false,
      },
    },
    'src/lib/shell-api/shell.generated.ts': {
      // The shared fragments (UserErrorFields…) are spelled once, in lib/connection-fragments.ts.
      documents: ['src/lib/shell-api/*.graphql', 'src/lib/connection-fragments.ts'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        onlyOperationTypes: true,
        scalars: { DateTime: 'string' },
        skipTypename: false,
      },
    },
  },
};

export default config;
