import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, placeOrder, receiveStock, signedInApi } from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot, wideElements } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/**
 * Issue #30, email without a mail server (the embedded default): a template edited with its live
 * preview on a real order, an order fulfilled with "Notify customer" ticked, and its shipping
 * confirmation in the outbox kept as NOT_SENT, opened to read; on a desktop and a phone.
 */
describe('notifications and the outbox', () => {
  let server: TestServer;
  let browser: Browser;
  const orders: { id: string; name: string }[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    const apron = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1', status: 'ACTIVE' });
    await receiveStock(api, apron.variantId, main, 20);
    for (const who of ['ada', 'grace'])
      orders.push(
        await placeOrder(api, {
          lines: [{ variantId: apron.variantId, quantity: 2 }],
          email: `${who}@example.com`,
          shippingAddress: {
            firstName: who === 'ada' ? 'Ada' : 'Grace',
            lastName: 'Park',
            line1: '1 Quay Street',
            city: 'Portland',
            postalCode: '97201',
            countryCode: 'US',
          },
        }),
      );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)
    it(`edits a template with its preview, fulfils with Notify ticked and finds the email kept (${device})`, async () => {
      const order = device === 'desktop' ? orders[0]! : orders[1]!;
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, server.ownerEmail, server.ownerPassword);

      await page.goto('/settings');
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Notifications' })
        .click();
      await page.waitForURL(/\/settings\/notifications$/);
      await page.getByText('Email is not being sent').waitFor();
      // Off the tab just clicked: its hover shade is not what axe should judge.
      await page.mouse.move(1, viewport.height - 1);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await wideElements(page)).toEqual([]);
      await shot(page, `notifications-templates-${device}`);

      await page.getByRole('link', { name: 'Shipping confirmation' }).click();
      await page.waitForURL(/\/settings\/notifications\/shipping_confirmation$/);
      const subject = page.getByLabel('Subject');
      await subject.fill(`Shipped ${device}: {{ order.name }} for {{ customer.first_name }}`);
      const previewSubject = page.getByTestId('preview-subject');
      await expect
        .poll(() => previewSubject.textContent(), { timeout: 15_000 })
        .toMatch(new RegExp(`^Shipped ${device}: #\\d+ for (Ada|Grace)$`));
      const frame = page.frameLocator('iframe[title="Email preview"]');
      await frame.getByText('Track your parcel').waitFor();
      expect(await wideElements(page)).toEqual([]);
      await shot(page, `notifications-editor-${device}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Shipping confirmation saved').waitFor();

      await page.goto(`/orders/${order.id}/fulfill`);
      const notify = page.getByRole('checkbox', { name: 'Notify customer' });
      await notify.waitFor();
      expect(await notify.isChecked()).toBe(true);
      await page.getByTestId('fulfill-submit').click();
      await page.waitForURL(`**/orders/${order.id}`);

      await page.goto('/settings/notifications/outbox');
      await page.getByText('Email is not being sent').waitFor();
      const row = page.getByRole('button', { name: new RegExp(`^Shipped ${device}: ${order.name}`) });
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      await row.click();
      const drawer = page.getByRole('dialog');
      await drawer.getByText('Shown as it would have been sent: no mail server was configured.').waitFor();
      await drawer.getByText('Not sent').first().waitFor();
      // The HTML part in its sandboxed frame (no same-origin access: read what it was given).
      const emailFrame = drawer.locator('iframe[title="Email"]');
      expect(await emailFrame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
      expect(await emailFrame.getAttribute('srcdoc')).toContain(`Order ${order.name}`);
      // axe is run on the outbox once the message is closed: it cannot run inside the email's
      // scriptless sandbox and waits on it until the test's time is up.
      await shot(page, `notifications-outbox-message-${device}`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await wideElements(page)).toEqual([]);
      await shot(page, `notifications-outbox-${device}`);
      await context.close();
    }, 120_000);
});
