import { describe, expect, it } from 'vitest';
import { COMMANDS, matchingCommands } from './palette-commands';
import { commandScore, matchByWords } from './palette-match';

const labels = (query: string) => matchingCommands(COMMANDS, query).map((c) => c.label);

describe('the palette matcher', () => {
  it('finds a command through a synonym of its verb', () => {
    expect(labels('new product')[0]).toBe('Create product');
    expect(labels('add customer')[0]).toBe('Create customer');
    expect(labels('make collection')[0]).toBe('Create collection');
  });

  it('takes words in any order and as prefixes', () => {
    expect(labels('product create')[0]).toBe('Create product');
    expect(labels('go to inv')[0]).toBe('Go to inventory');
    expect(labels('inv')).toContain('Go to inventory');
    expect(labels('dark')).toEqual(['Toggle dark mode']);
  });

  it('finds areas by their other names', () => {
    expect(labels('stock')).toContain('Go to inventory');
    expect(labels('preferences')).toContain('Go to settings');
    expect(labels('sales')).toContain('Go to orders');
    expect(labels('log out')[0]).toBe('Sign out');
  });

  it('leaves out what a typed word does not start or name', () => {
    expect(labels('dark')).not.toContain('Create product');
    expect(labels('new zebra')).toEqual([]);
    expect(commandScore('Create product', 'roduct')).toBeNull();
  });

  it('puts words found as typed before words found through a synonym', () => {
    const entries = ['Create product', 'New draft order'];
    expect(matchByWords(entries, 'new', (e) => e)).toEqual(['New draft order', 'Create product']);
    expect(matchByWords(entries, '', (e) => e)).toEqual(entries);
  });
});
