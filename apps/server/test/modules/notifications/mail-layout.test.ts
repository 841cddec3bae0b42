import { describe, expect, it } from 'vitest';
import { mjmlWorkerState } from '../../../src/modules/notifications/mjml-compiler.js';
import type { MailView } from '../../../src/modules/notifications/mail-view.js';
import { renderMail } from '../../../src/modules/notifications/template-render.js';

const view = (over: Partial<MailView['layout']> = {}): MailView => ({
  vars: { customer: { first_name: 'Ada' } },
  layout: {
    shopName: 'Northwind & Co',
    shopAddress: '1 Pier Road',
    order: {
      name: '#1001',
      lines: [{ title: 'Mug <b>', detail: 'Blue', quantity: 2, total: '$24.00' }],
      totals: [{ label: 'Total', value: '$24.00' }],
      shippingAddress: ['Ada Lovelace', 'Columbus'],
    },
    button: { label: 'Track your parcel', url: 'https://track.example/?a=1&b=2' },
    ...over,
  },
});

/**
 * Issue #30: MJML (about 110 MB once loaded) runs in a worker that exits when idle; each layout
 * shape is compiled once and kept as HTML, so later messages run only Liquid and the kept HTML.
 */
describe('email layout', () => {
  it('compiles the layout once in a worker that exits when idle; later messages reuse the HTML', async () => {
    expect(mjmlWorkerState()).toEqual({ running: false, started: 0 });
    const first = await renderMail(
      {
        subject: 'Hi {{ customer.first_name }}',
        body: 'Hello {{ customer.first_name }}\n\nSee https://shop.example/x',
      },
      view(),
    );
    expect(mjmlWorkerState()).toEqual({ running: true, started: 1 });
    expect(first.subject).toBe('Hi Ada');
    expect(first.html).toContain('<title>Northwind &amp; Co</title>');
    expect(first.html).toContain('Hello Ada');
    expect(first.html).toContain('<a href="https://shop.example/x"');
    expect(first.html).toContain('Mug &lt;b&gt;');
    expect(first.html).toContain('href="https://track.example/?a=1&amp;b=2"');
    expect(first.html).toContain('Ada Lovelace<br />Columbus');
    expect(first.html).toContain('Northwind &amp; Co · 1 Pier Road');
    expect(first.html).not.toMatch(/SRSLOT/);

    // Idle: the worker (and MJML's memory) is gone.
    const until = Date.now() + 10_000;
    while (mjmlWorkerState().running && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(mjmlWorkerState()).toEqual({ running: false, started: 1 });

    // The same shape again: no worker, the kept HTML with this message's values.
    const second = await renderMail(
      { subject: 'x', body: 'A body with SRSLOTfooterSREND in it' },
      view({ shopName: 'Other shop' }),
    );
    expect(mjmlWorkerState()).toEqual({ running: false, started: 1 });
    expect(second.html).toContain('<title>Other shop</title>');
    // A value holding a slot's letters is not filled in again.
    expect(second.html).toContain('A body with SRSLOTfooterSREND in it');

    // Another shape (no order, no button) was compiled with the first: still no worker.
    const plain = await renderMail({ subject: 'x', body: 'Just words' }, view({ order: null, button: null }));
    expect(mjmlWorkerState()).toEqual({ running: false, started: 1 });
    expect(plain.html).toContain('Just words');
    expect(plain.html).not.toContain('Track your parcel');
    expect(plain.html).not.toContain('#1001');
  }, 60_000);
});
