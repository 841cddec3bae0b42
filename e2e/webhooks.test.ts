import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../examples/verify-webhook.mjs';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot, wideElements } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/** Issue #30: a webhook added in the admin, its secret shown once, tested against a local receiver. */
describe('webhooks in the admin', () => {
  let server: TestServer;
  let browser: Browser;
  const received: { headers: http.IncomingHttpHeaders; raw: Buffer }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200).end('thanks');
    });
  });
  let receiverUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    [server, browser] = await Promise.all([
      startTestServer({ config: { webhookAllowHosts: ['127.0.0.1'] } }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('adds a webhook, shows its secret once, tests it and shows the delivery; desktop and phone', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/settings');
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await page.getByText('No webhooks yet').waitFor();
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await form.getByText('Choose what to hear about.').waitFor();
    await form.getByRole('combobox', { name: 'Topic', exact: true }).click();
    await page.getByRole('option', { name: 'Product updated' }).click();
    await form.getByRole('textbox', { name: 'URL' }).fill('http://10.0.0.1/hooks');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await form.getByText(/private, local or reserved address \(10\.0\.0\.1\)/).waitFor();
    await form.getByRole('textbox', { name: 'URL' }).fill(receiverUrl);
    await page.mouse.move(5, 5);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhook-form-desktop');
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shot(page, 'webhook-secret-desktop');
    await page.getByRole('button', { name: 'Done' }).click();
    const card = page.getByTestId('webhook-subscription').filter({ hasText: 'Product updated' });
    await card.getByText(receiverUrl).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    await card.getByRole('button', { name: 'Test' }).click();
    await page.getByText('Test delivered').waitFor();
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]!.headers['x-stockroom-topic']).toBe('PRODUCTS_UPDATE');
    expect(verifyWebhook(received[0]!.raw, received[0]!.headers['x-stockroom-hmac-sha256'], secret)).toBe(
      true,
    );
    await card.getByText(/last delivery .*Delivered \(HTTP 200\)/).waitFor();
    await page.mouse.move(5, 5);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhooks-desktop');

    await card.getByRole('link', { name: 'Deliveries' }).click();
    await page.getByRole('heading', { name: 'Webhook: Product updated' }).waitFor();
    const delivery = page.getByTestId('webhook-delivery').first();
    await delivery.getByText('Delivered').waitFor();
    await delivery.getByText('Test', { exact: true }).waitFor();
    await delivery.getByText('thanks').waitFor();
    await delivery.getByText(/1 attempt · HTTP 200 · \d+ ms/).waitFor();
    // The row opens to every attempt: when, the answer, the time taken, its first 1 kB.
    await delivery.getByRole('button', { name: 'Show the attempt' }).click();
    const attempt = delivery.getByTestId('webhook-delivery-attempt');
    await attempt.getByText('HTTP 200').waitFor();
    await attempt.getByText('thanks').waitFor();
    await attempt.getByText(/^\d+ ms$/).waitFor();
    expect(await attempt.count()).toBe(1);
    await page.mouse.move(5, 5);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhook-deliveries-desktop');
    await delivery.getByRole('button', { name: 'Hide attempts' }).click();
    await attempt.waitFor({ state: 'detached' });
    const path = new URL(page.url()).pathname;
    await context.close();

    const phone = await newPage(browser, server.url, PHONE);
    await signIn(phone.page, server.ownerEmail, server.ownerPassword);
    await phone.page.goto('/settings/webhooks');
    await phone.page.getByTestId('webhook-subscription').waitFor();
    expect(await wideElements(phone.page)).toEqual([]);
    await shot(phone.page, 'webhooks-phone');
    await phone.page.goto(path);
    const phoneDelivery = phone.page.getByTestId('webhook-delivery').first();
    await phoneDelivery.getByRole('button', { name: 'Show the attempt' }).click();
    await phoneDelivery.getByTestId('webhook-delivery-attempt').getByText('HTTP 200').waitFor();
    expect(await wideElements(phone.page)).toEqual([]);
    await shot(phone.page, 'webhook-deliveries-phone');
    await phone.context.close();
  });
});
