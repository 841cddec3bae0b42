import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { stockroomPlugin } from '../../../../scripts/eslint-boundaries.mjs';

// The project's own lint rules (scripts/eslint-boundaries.mjs), run on code written here as if it
// stood at a path of the repository: the rules read the real tree around it (modules, *.tables.ts).
const root = path.resolve(import.meta.dirname, '../../../..');

function problems(rule: string, file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: root });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { stockroom: stockroomPlugin },
        rules: { [`stockroom/${rule}`]: 'error' },
      },
    ],
    { filename: path.join(root, file) },
  );
  return messages.map((m) => m.message);
}

describe('stockroom/boundaries: layers one way', () => {
  it('refuses an import of the composition root (app/) from modules, lib, db and the graphql toolkit', () => {
    for (const file of [
      'apps/server/src/modules/catalog/x.service.ts',
      'apps/server/src/lib/x.ts',
      'apps/server/src/db/x.ts',
      'apps/server/src/graphql/x.ts',
    ]) {
      const depth = file.split('/').length - 4;
      const up = '../'.repeat(depth);
      const found = problems('boundaries', file, `import { buildSchema } from '${up}app/schema.js';`);
      expect(found, file).toEqual([expect.stringContaining('app/ is the composition root')]);
    }
  });

  it('lets the composition root import modules and the toolkit, and modules import the toolkit', () => {
    expect(
      problems(
        'boundaries',
        'apps/server/src/app/x.ts',
        `import '../modules/catalog/product.schema.js';\nimport { builder } from '../graphql/builder.js';`,
      ),
    ).toEqual([]);
    expect(
      problems(
        'boundaries',
        'apps/server/src/modules/catalog/x.schema.ts',
        `import { builder } from '../../graphql/builder.js';`,
      ),
    ).toEqual([]);
  });
});

describe('stockroom/boundaries: errors leave lower layers as DomainError', () => {
  it('refuses the graphql package in services, repositories and lib/, and lets schema files use it', () => {
    const code = `import { GraphQLError } from 'graphql';`;
    for (const file of ['apps/server/src/lib/x.ts', 'apps/server/src/modules/search/x.service.ts'])
      expect(problems('boundaries', file, code), file).toEqual([
        expect.stringContaining('raise DomainError'),
      ]);
    expect(problems('boundaries', 'apps/server/src/modules/search/x.schema.ts', code)).toEqual([]);
  });
});

describe('stockroom/no-module-cycle', () => {
  it('refuses an import of a module that imports this one (any file of each)', () => {
    // customers imports catalog (customer.schema names MoneyRef): catalog may not import customers.
    const found = problems(
      'no-module-cycle',
      'apps/server/src/modules/catalog/x.service.ts',
      `import { customerUuid } from '../customers/customer.service.js';`,
    );
    expect(found).toEqual([expect.stringContaining('Modules catalog and customers import each other')]);
  });

  it('counts type-only imports too', () => {
    const found = problems(
      'no-module-cycle',
      'apps/server/src/modules/catalog/x.service.ts',
      `import type { Customer } from '../customers/customer.model.js';`,
    );
    expect(found).toHaveLength(1);
  });

  it('allows no pair: catalog, below inventory, may not import it (it once could)', () => {
    const found = problems(
      'no-module-cycle',
      'apps/server/src/modules/catalog/x.service.ts',
      `import { ensureVariantLevels } from '../inventory/inventory.service.js';`,
    );
    expect(found).toEqual([expect.stringContaining('Modules catalog and inventory import each other')]);
  });

  it('lets a module import one below it', () => {
    expect(
      problems(
        'no-module-cycle',
        'apps/server/src/modules/orders/x.service.ts',
        `import { customerUuid } from '../customers/customer.service.js';\nimport { recordAudit } from '../audit/audit.service.js';`,
      ),
    ).toEqual([]);
  });
});

describe('stockroom/table-owner', () => {
  const file = 'apps/server/src/modules/orders/x.repository.ts';

  it("refuses a write of another module's table", () => {
    for (const write of [
      `db.updateTable('customers').set({ note: null }).execute();`,
      `db.insertInto('customer_comments').values(row).execute();`,
      `db.deleteFrom('customer_addresses as a').execute();`,
    ]) {
      expect(problems('table-owner', file, write), write).toEqual([
        expect.stringContaining('belongs to the customers module'),
      ]);
    }
  });

  it('lets a module write its own tables and read any', () => {
    expect(
      problems(
        'table-owner',
        file,
        `db.updateTable('orders as o').set({ note: null }).execute();
         db.insertInto('order_lines').values(rows).execute();
         db.deleteFrom('refund_lines').execute();
         db.selectFrom('customers').selectAll().execute();`,
      ),
    ).toEqual([]);
  });

  it('knows every module table from the *.tables.ts files', () => {
    expect(
      problems(
        'table-owner',
        'apps/server/src/modules/inventory/x.repository.ts',
        `db.insertInto('product_variants');`,
      ),
    ).toEqual([expect.stringContaining('belongs to the catalog module')]);
  });
});
