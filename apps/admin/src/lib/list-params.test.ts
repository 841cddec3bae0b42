import { describe, expect, it } from 'vitest';
import {
  hasSearchTerm,
  pageVariables,
  searchFieldValue,
  setSearchField,
  toggleSearchTerm,
} from './list-params';

describe('list search helpers', () => {
  it('adds and removes a quick-filter term without touching the rest', () => {
    expect(toggleSearchTerm('linen', 'low_stock:true')).toBe('linen low_stock:true');
    expect(toggleSearchTerm('linen  low_stock:true', 'low_stock:true')).toBe('linen');
    expect(hasSearchTerm('sku:A low_stock:TRUE', 'low_stock:true')).toBe(true);
  });

  it('sets, replaces and clears one field, quoting values with spaces', () => {
    expect(setSearchField('shirt', 'location', 'Main warehouse')).toBe('shirt location:"Main warehouse"');
    expect(setSearchField('location:"Main warehouse" shirt', 'location', 'Depot')).toBe(
      'shirt location:Depot',
    );
    expect(setSearchField('reason:RECEIVED created_at:>-7d', 'reason', null)).toBe('created_at:>-7d');
    expect(searchFieldValue('shirt location:"Main warehouse"', 'location')).toBe('Main warehouse');
    expect(searchFieldValue('created_at:>-7d', 'created_at')).toBe('>-7d');
    expect(searchFieldValue('shirt', 'reason')).toBeNull();
  });

  it('asks for the page after or before a cursor', () => {
    expect(pageVariables({ after: null, before: null })).toEqual({ first: 50 });
    expect(pageVariables({ after: 'c1', before: null })).toEqual({ first: 50, after: 'c1' });
    expect(pageVariables({ after: null, before: 'c0' })).toEqual({ last: 50, before: 'c0' });
  });
});
