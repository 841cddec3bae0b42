import { describe, expect, it } from 'vitest';
import {
  applySummary,
  importCountsLine,
  importOutcomeTabs,
  outcomeWords,
  productChanges,
} from './import-dialog-tabs';
import { importFileProblem, templateCsv } from './import-dialog-upload';

const counts = (values: Record<string, number>) =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

describe('importOutcomeTabs', () => {
  it('a dry run: All, then to create / to update / unchanged / errors, even at 0, with the counts', () => {
    const tabs = importOutcomeTabs(
      'DRY_RUN',
      counts({ rows: 7, created: 3, updated: 2, unchanged: 2, errors: 0 }),
    );
    expect(tabs.map((t) => [t.label, t.count, t.outcomes])).toEqual([
      ['All', 7, null],
      ['To create', 3, ['CREATED']],
      ['To update', 2, ['UPDATED']],
      ['Unchanged', 2, ['UNCHANGED']],
      ['Errors', 0, ['ERROR']],
    ]);
  });

  it('shows deletions only when a Delete column made some; an apply speaks in the past', () => {
    expect(
      importOutcomeTabs('APPLY', counts({ rows: 3, created: 1, deleted: 2 })).map((t) => t.label),
    ).toEqual(['All', 'Created', 'Updated', 'Deleted', 'Unchanged', 'Errors']);
  });

  it('an undo: undone and not undone (refused) records; All is their sum without a rows count', () => {
    const tabs = importOutcomeTabs('REVERT', counts({ reverted: 4, errors: 1 }));
    expect(tabs.map((t) => [t.label, t.count])).toEqual([
      ['All', 5],
      ['Undone', 4],
      ['Not undone', 1],
    ]);
    expect(outcomeWords('REVERT', 'ERROR')).toBe('Not undone');
  });
});

describe('applySummary', () => {
  it('says what will be created and updated, and that rows with errors are skipped', () => {
    expect(applySummary(counts({ created: 3, updated: 1, errors: 1 }), 'customers')).toBe(
      'This will create 3 and update 1 customers. 1 row has errors and is skipped.',
    );
    expect(applySummary(counts({ created: 1200, updated: 0, deleted: 2, errors: 0 }), 'products')).toBe(
      'This will create 1,200 and delete 2 products.',
    );
    expect(applySummary(counts({ unchanged: 4, errors: 2 }), 'products')).toBe(
      'Nothing will change. 2 rows have errors and are skipped.',
    );
  });
});

describe('a products report speaks of products, not rows (a row per variant)', () => {
  it('the demo sample: 2 products of 6 rows are 2 products (6 variants), and the counts line says rows', () => {
    const report = counts({
      rows: 6,
      created: 6,
      updated: 0,
      unchanged: 0,
      errors: 0,
      productsCreated: 2,
      variantsCreated: 6,
    });
    expect(applySummary(report, 'products')).toBe('This will create 2 products (6 variants).');
    expect(productChanges(report, true)).toEqual(['2 products created (6 variants)']);
    expect(importCountsLine('APPLY', report)).toBe('Rows: 6 created · 0 updated · 0 unchanged · 0 errors');
  });

  it('stored products updated, with their variants changed, added and deleted; errors skipped', () => {
    const report = counts({
      rows: 9,
      created: 2,
      updated: 3,
      deleted: 1,
      unchanged: 2,
      errors: 1,
      productsCreated: 1,
      variantsCreated: 1,
      productsUpdated: 2,
      variantsUpdated: 3,
      variantsAdded: 1,
      variantsDeleted: 1,
    });
    expect(applySummary(report, 'products')).toBe(
      'This will create 1 product (1 variant) and update 2 products (3 variants changed, 1 added, 1 deleted). 1 row has errors and is skipped.',
    );
    expect(productChanges(report, true)).toEqual([
      '1 product created (1 variant)',
      '2 products updated (3 variants changed, 1 added, 1 deleted)',
    ]);
  });

  it('other kinds keep counting rows', () => {
    expect(productChanges(counts({ rows: 2, created: 2 }), true)).toBeNull();
  });
});

describe('import file checks', () => {
  it('refuses, in words and before sending, what is not a CSV, empty, or over 50 MB', () => {
    expect(importFileProblem({ name: 'list.csv', size: 1000 })).toBeNull();
    expect(importFileProblem({ name: 'LIST.CSV', size: 1000 })).toBeNull();
    expect(importFileProblem({ name: 'list.xlsx', size: 1000 })).toMatch(/not a CSV file/);
    expect(importFileProblem({ name: 'list.csv', size: 0 })).toBe('“list.csv” is empty.');
    expect(importFileProblem({ name: 'big.csv', size: 51 * 1024 * 1024 })).toBe(
      '“big.csv” is 51.0 MB; an import can be at most 50 MB. Split it into smaller files.',
    );
  });

  it('the template is the header line, with quotes only where a name needs them', () => {
    expect(templateCsv([{ name: 'Handle' }, { name: 'Body (HTML)' }, { name: 'Stock: Main, back' }])).toBe(
      'Handle,Body (HTML),"Stock: Main, back"\r\n',
    );
  });
});

describe('importCountsLine', () => {
  it('says every count of the mode in its words, one error singular, thousands grouped', () => {
    expect(
      importCountsLine('DRY_RUN', counts({ rows: 8001, created: 8000, updated: 0, unchanged: 0, errors: 1 })),
    ).toBe('8,000 to create · 0 to update · 0 unchanged · 1 error');
    expect(importCountsLine('APPLY', counts({ rows: 6, created: 6, errors: 2 }))).toBe(
      '6 created · 0 updated · 0 unchanged · 2 errors',
    );
    expect(importCountsLine('REVERT', counts({ reverted: 4, errors: 1 }))).toBe('4 undone · 1 not undone');
  });
});
