import { describe, expect, it } from 'vitest';
import { jobInputSummary, jobKindWords } from './job-words.js';

describe('job words', () => {
  it('names each kind, and nothing for what is no kind', () => {
    expect(jobKindWords('EXPORT_ORDERS')).toBe('Orders export');
    expect(jobKindWords('NOPE')).toBeNull();
  });

  it("summarises a list export's search and columns", () => {
    expect(jobInputSummary('EXPORT_ORDERS', { query: ' tag:gift ', columns: ['Name', 'Email'] })).toBe(
      'Orders matching “tag:gift”; 2 columns',
    );
    expect(jobInputSummary('EXPORT_CUSTOMERS', { query: '', columns: [] })).toBe(
      'All customers; all columns',
    );
    expect(jobInputSummary('EXPORT_INVENTORY', {})).toBe('All stock levels; all columns');
  });

  it('summarises a bulk edit and an audit export, and never throws on odd input', () => {
    expect(jobInputSummary('BULK_EDIT', { ids: ['a', 'b'], action: { setStatus: 'ARCHIVED' } })).toBe(
      '2 products: status set to Archived',
    );
    expect(
      jobInputSummary('BULK_EDIT_CUSTOMERS', {
        ids: ['a', 'b', 'c'],
        action: { addTags: ['VIP'], removeTags: [] },
      }),
    ).toBe('3 customers: tags added: VIP');
    expect(jobInputSummary('EXPORT_AUDIT', { query: '' })).toBe('The whole audit log (no search)');
    expect(jobInputSummary('EXPORT_PRODUCTS', null)).toBe('All products; all columns');
    expect(jobInputSummary('SOMETHING', { a: 1 })).toBe('Given: a');
  });
});
