import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, type Viewport } from './support/browser';
import { placeMiasOrder } from './support/orders';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot, wideElements } from './support/look';

const ANALYST = { email: 'ana@example.com', name: 'Ana Lyst', password: 'reads-every-number-8' };
const WIDE: Viewport = { width: 1440, height: 900 };
const PHONE_390: Viewport = { width: 390, height: 844 };
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  }
  return text;
}

/** Issue #33: /settings/documents sets what invoices and packing slips print. */
describe('document settings', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let order: { id: string; name: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...ANALYST, roleKeys: ['analyst'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    const lamp = await createProduct(api, { title: 'Brass Lamp', sku: 'DOC-LAMP', status: 'ACTIVE' });
    await receiveStock(api, lamp.variantId, main, 10);
    order = await placeMiasOrder(api, {
      lines: [{ variantId: lamp.variantId, quantity: 2 }],
      payment: { kind: 'SALE' },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('saves seller details, a number format and a logo that the next invoice prints', async () => {
    const { context, page } = await newPage(browser, server.url, WIDE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/settings/documents');
    const form = page.getByRole('form', { name: 'Document settings' });
    await form.getByLabel('Legal name').fill('Fjord Supply AS');
    await form.getByLabel('Tax ID').fill('NO 912 345 678 MVA');
    const invoiceNumbers = form.getByLabel('Invoice numbers');
    await invoiceNumbers.fill('F-{NNNN}');
    await form.getByRole('button', { name: 'Save document settings' }).click();
    await form
      .getByText('Put {YYYY} in the format once: each calendar year starts its own series.')
      .waitFor();
    await invoiceNumbers.fill('F-{YYYY}/{NNNN}');
    const year = new Date().getFullYear();
    await form.getByText(`F-${year}/0001`).waitFor();
    await form.getByRole('button', { name: 'Save document settings' }).click();
    await page.getByText('Document settings saved').waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('document-logo').waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('notes.txt is not a PNG or JPEG image.').waitFor();

    // The preview frame draws the packing slip of the newest order with something to ship.
    const preview = page.getByTestId('document-preview');
    const src = await preview.getAttribute('src');
    expect(src).toContain(`/documents/packing-slips.pdf?orders=${encodeURIComponent(order.id)}`);
    const slip = await page.request.get(src!);
    expect(slip.status()).toBe(200);
    expect(await pdfText(await slip.body())).toContain('DOC-LAMP');
    await shot(page, 'document-settings-desktop');

    const issued = await api.request<{
      invoiceIssue: { invoice: { id: string; number: string } | null; userErrors: unknown[] };
    }>(
      `mutation($id: ID!, $key: String!) { invoiceIssue(orderId: $id, idempotencyKey: $key) { invoice { id number } userErrors { message } } }`,
      { id: order.id, key: 'settings-e2e' },
    );
    expect(issued.invoiceIssue.invoice?.number).toBe(`F-${year}/0001`);
    const pdf = await page.request.get(`/documents/invoices/${issued.invoiceIssue.invoice!.id}.pdf`);
    expect(pdf.status()).toBe(200);
    const text = await pdfText(await pdf.body());
    expect(text).toContain('Fjord Supply AS');
    expect(text).toContain('NO 912 345 678 MVA');
    expect(text).toContain(`F-${year}/0001`);
    await context.close();
  });

  it('shows read-only staff the settings without a way to change them, and fits a phone', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE_390);
    await signIn(page, ANALYST.email, ANALYST.password);
    await page.goto('/settings/documents');
    const form = page.getByRole('form', { name: 'Document settings' });
    await expect.poll(() => form.getByLabel('Legal name').inputValue()).toBe('Fjord Supply AS');
    expect(await form.getByLabel('Legal name').isDisabled()).toBe(true);
    expect(
      await page.getByRole('button', { name: /Save document settings|Upload logo|Replace logo/ }).count(),
    ).toBe(0);
    expect(await wideElements(page)).toEqual([]);
    await shot(page, 'document-settings-phone-readonly');
    await context.close();
  });
});
