import { describe, expect, it } from 'vitest';
import {
  actionWords,
  codeWords,
  fieldWords,
  lineWords,
  longTexts,
  shownChanges,
  valueWords,
  readable,
  shownValue,
  subjectName,
  subjectPath,
  typeWords,
} from './audit-words';

describe('audit words', () => {
  it('reads recorded values as a person would', () => {
    expect(readable('"Wool Hat"')).toBe('Wool Hat');
    expect(readable('null')).toBe('—');
    expect(readable(null)).toBe('—');
    expect(readable('""')).toBe('(empty)');
    expect(readable('["gift","sale"]')).toBe('gift, sale');
    expect(readable('1999')).toBe('1999');
    expect(readable('true')).toBe('true');
    expect(readable(JSON.stringify('x'.repeat(300)))).toHaveLength(120);
  });

  it('names the subject and where to open it', () => {
    expect(
      subjectName([
        { field: 'status', after: '"ACTIVE"' },
        { field: 'title', before: '"Hat"', after: '"Beanie"' },
      ]),
    ).toBe('Beanie');
    expect(subjectName([{ field: 'code', before: '"OLD"', after: null }])).toBe('OLD');
    expect(subjectName([{ field: 'status', after: '"ACTIVE"' }])).toBeNull();
    expect(subjectPath('DraftOrder', 'dft_1')).toBe('/drafts/dft_1');
    expect(subjectPath('Session', 'ses_1')).toBeNull();
    expect(typeWords('DraftOrder')).toBe('Draft order');
    expect(actionWords('staff.login_failed')).toBe('Staff login failed');
  });
});

describe('long text in the audit log', () => {
  it('diffs a long description as the words a shopper reads, and leaves short values alone', () => {
    const long = 'Soft washed linen. '.repeat(8);
    expect(
      longTexts({
        field: 'description',
        before: JSON.stringify(`<p>${long}</p>`),
        after: JSON.stringify(`<p>${long}Now in blue.</p>`),
      }),
    ).toEqual([long.trim(), `${long}Now in blue.`]);
    expect(longTexts({ field: 'title', before: '"Hat"', after: '"Beanie"' })).toBeNull();
    expect(
      longTexts({ field: 'tags', before: '["a"]', after: JSON.stringify(['b'.repeat(200)]) }),
    ).toBeNull();
    expect(longTexts({ field: 'note', before: '"line one"', after: '"line one\\nline two"' })).toEqual([
      'line one',
      'line one line two',
    ]);
  });

  it("prefers the server's words for money and references", () => {
    expect(shownValue('2500', '25.00 USD')).toBe('25.00 USD');
    expect(shownValue('["a","b"]', null)).toBe('a, b');
  });
});

describe('changes in words (issue #26)', () => {
  const formats = {
    money: (minor: number) => `$${(minor / 100).toFixed(2)}`,
    date: (iso: string) => `date(${iso})`,
  };
  const variant = (id: string, title: string, price: number, sku = `SKU-${id}`) => ({
    id,
    title,
    sku,
    price,
    compareAtPrice: null,
  });
  const sizes = ['Black / S', 'Black / M', 'Black / L', 'White / S', 'White / M', 'White / L'];
  const six = sizes.map((t, i) => variant(`v${i}`, t, 2500));

  it('shows only the variant whose price changed, not all six', () => {
    const after = six.map((v) => (v.title === 'Black / M' ? { ...v, price: 2700 } : v));
    // jsonb gives keys back in its own order: that is not a change.
    const reordered = after.map((v) => Object.fromEntries(Object.entries(v).reverse()));
    expect(
      shownChanges(
        [{ field: 'variants', before: JSON.stringify(six), after: JSON.stringify(reordered) }],
        formats,
      ),
    ).toEqual([
      { key: 'variant:v1:price', label: 'Price of Black / M', before: '$25.00', after: '$27.00', long: null },
    ]);
  });

  it('says which variants were added, removed or renamed', () => {
    const before = [variant('a', 'Small', 1000), variant('b', 'Medium', 1000)];
    const after = [variant('a', 'S', 1000), variant('c', 'Large', 1200, 'L-1')];
    expect(
      shownChanges(
        [{ field: 'variants', before: JSON.stringify(before), after: JSON.stringify(after) }],
        formats,
      ).map((c) => [c.label, c.before, c.after]),
    ).toEqual([
      ['Title of Small', 'Small', 'S'],
      ['Variant added', null, 'Large · L-1 · $12.00'],
      ['Variant removed', 'Medium · SKU-b · $10.00', null],
    ]);
  });

  it('leaves out what did not change and reads codes, money, dates and refund lines as words', () => {
    const shown = shownChanges(
      [
        { field: 'payment_status', before: '"REFUNDED"', after: '"REFUNDED"' },
        { field: 'fulfillment_status', before: '"UNFULFILLED"', after: '"PARTIALLY_FULFILLED"' },
        {
          field: 'total_refunded',
          before: '1000',
          after: '3500',
          beforeText: '10.00 USD',
          afterText: '35.00 USD',
        },
        { field: 'cancelled_at', before: null, after: '"2026-11-28T05:00:00.000Z"' },
        {
          field: 'lines',
          before: null,
          after: JSON.stringify([
            { sku: 'CAP', title: 'Slim Leather Cap', quantity: 1, restock: true, location: 'Main warehouse' },
            { sku: 'MUG', title: 'Mug', quantity: 2, restock: false },
            { sku: 'OLD', title: 'Old refund', quantity: 1, restock: true },
          ]),
        },
        { field: 'category_id', before: '"0190"', after: '"0191"', beforeText: 'Hats', afterText: 'Caps' },
        { field: 'track_inventory', before: 'false', after: 'true' },
      ],
      formats,
    );
    expect(shown.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Fulfillment status', 'Unfulfilled', 'Partially fulfilled'],
      ['Total refunded', '$10.00', '$35.00'],
      ['Cancelled at', null, 'date(2026-11-28T05:00:00.000Z)'],
      [
        'Items',
        null,
        '1 × Slim Leather Cap, restocked at Main warehouse; 2 × Mug; 1 × Old refund, restocked',
      ],
      ['Category id', 'Hats', 'Caps'],
      ['Track inventory', 'No', 'Yes'],
    ]);
    expect(shown.some((c) => /PARTIALLY_|REFUNDED|[{"]/.test(`${c.before} ${c.after}`))).toBe(false);
  });

  it('keeps free text as it was written, and names fields in words', () => {
    expect(valueWords('reason', 'Damaged in transit', formats)).toBe('Damaged in transit');
    expect(valueWords('title', 'USA CAP', formats)).toBe('USA CAP');
    expect(valueWords('status', 'ACTIVE', formats)).toBe('Active');
    expect(codeWords('PARTIALLY_REFUNDED')).toBe('Partially refunded');
    expect(fieldWords('compareAtPrice')).toBe('Compare-at price');
    expect(lineWords({ title: 'Cap', quantity: 3, restock: false })).toBe('3 × Cap');
    expect(valueWords('source', 'API', formats)).toBe('API');
    expect(
      shownChanges(
        [
          { field: 'customer_id', before: null, after: '"01a22095-22fc-7000-ab1d-f87d89469577"' },
          { field: 'name', before: null, after: '"#1001"' },
        ],
        formats,
      ).map((c) => c.label),
    ).toEqual(['Name']);
  });
});
