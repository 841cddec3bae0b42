import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, fulfillOrder, receiveStock, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, type Viewport } from './support/browser';
import { seriousViolations, wideElements } from './support/look';
import { placeMiasOrder } from './support/orders';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const PACKER = { email: 'pia@example.com', name: 'Pia Packer', password: 'tape-gun-and-boxes-9' };
const ANALYST = { email: 'ana@example.com', name: 'Ana Lyst', password: 'numbers-all-day-long-4' };
const DESKTOP_1440: Viewport = { width: 1440, height: 900 };
const PHONE_390: Viewport = { width: 390, height: 844 };
const SLIP_PATH = '/documents/packing-slips.pdf';

/** Screenshots for looking at the screen, only when STOCKROOM_SHOTS_DIR is set. */
async function look(page: Page, name: string): Promise<void> {
  const dir = process.env.STOCKROOM_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A scanner types the code into the focused field and presses Enter. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

async function variantWith(api: Api, title: string, sku: string, barcode: string | null): Promise<string> {
  const data = await api.request<any>(
    `mutation($input: ProductInput!) { productCreate(input: $input) { product { variants { id } } userErrors { message } } }`,
    {
      input: {
        title,
        status: 'ACTIVE',
        variants: [{ sku, barcode, price: '12.00', trackInventory: true }],
      },
    },
  );
  expect(data.productCreate.userErrors).toEqual([]);
  return data.productCreate.product.variants[0].id;
}

async function levelAt(api: Api, variantId: string, location: string) {
  const data = await api.request<any>(
    `query($id: ID!) { node(id: $id) { ... on ProductVariant { inventoryLevels { onHand committed location { name } } } } }`,
    { id: variantId },
  );
  const level = data.node.inventoryLevels.find((l: any) => l.location.name === location);
  return { onHand: level.onHand as number, committed: level.committed as number };
}

async function orderOf(api: Api, id: string) {
  const data = await api.request<any>(
    `query($id: ID!) { order(id: $id) { name fulfillmentStatus
      fulfillments { status carrier trackingNumber location { name } lines { quantity line { sku } } } } }`,
    { id },
  );
  return data.order;
}

/** The field that takes the next scan has the focus. */
async function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
}

/**
 * Issue #33: the pack station. A Fulfillment member packs orders with nothing but a keyboard (a
 * scanner types, then Enter): wrong items and extra units are refused without changing anything,
 * each order ships with its carrier and tracking, the slip is printed, Enter moves on.
 */
describe('pack station', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let lamp: string;
  let mug: string;
  const slipUrls: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...PACKER, roleKeys: ['fulfillment'] });
    await server.createStaff({ ...ANALYST, roleKeys: ['analyst'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const bench = await createLocation(api, 'Pack bench');
    lamp = await variantWith(api, 'Brass Desk Lamp', 'PK-LAMP', null);
    mug = await variantWith(api, 'Stoneware Mug', 'PK-MUG', '0123456789012');
    await receiveStock(api, lamp, bench, 20);
    await receiveStock(api, mug, bench, 20);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('packs three orders from the keyboard, refusing a wrong item and an extra unit', async () => {
    const a = await placeMiasOrder(api, {
      lines: [
        { variantId: lamp, quantity: 2 },
        { variantId: mug, quantity: 1 },
      ],
    });
    const b = await placeMiasOrder(api, { lines: [{ variantId: mug, quantity: 1 }] });
    const c = await placeMiasOrder(api, {
      lines: [
        { variantId: lamp, quantity: 1 },
        { variantId: mug, quantity: 2 },
      ],
    });
    const before = {
      lamp: await levelAt(api, lamp, 'Pack bench'),
      mug: await levelAt(api, mug, 'Pack bench'),
    };

    const { page } = await newPage(browser, server.url, DESKTOP_1440);
    page.on('request', (r) => {
      if (r.url().includes(SLIP_PATH)) slipUrls.push(r.url());
    });
    await signIn(page, PACKER.email, PACKER.password);
    // The nav entry under Orders opens the station.
    await page.getByRole('link', { name: 'Pack', exact: true }).click();
    await page.waitForURL('**/pack');
    // The pointer leaves the link it clicked (a hovered link is drawn darker); the keyboard does the rest.
    await page.mouse.move(DESKTOP_1440.width - 10, DESKTOP_1440.height - 10);
    const input = page.getByTestId('pack-input');
    await input.waitFor();
    await page.getByLabel('Ships from').selectOption({ label: 'Pack bench' });
    await expect.poll(() => focusedTestId(page)).toBe('pack-input');
    expect(await seriousViolations(page)).toEqual([]);
    await look(page, 'pack-desktop-1-start');

    const notice = page.getByTestId('pack-notice');
    const units = page.getByTestId('pack-units');

    // Enter on the empty field: the oldest order with something to ship from here.
    await page.keyboard.press('Enter');
    await page.getByText(`Scan an item of ${a.name}`).waitFor();
    await expect.poll(() => units.textContent()).toBe('0 / 3 units');

    // A wrong item: refused loudly, nothing changes.
    await scan(page, 'NOT-HERE');
    await notice.getByText('Wrong item: NOT-HERE is not on this order. Put it back.').waitFor();
    expect(await notice.locator('[data-tone="error"]').count()).toBe(1);
    expect(await units.textContent()).toBe('0 / 3 units');

    await scan(page, 'pk-lamp');
    await scan(page, 'PK-LAMP ');
    await expect.poll(() => units.textContent()).toBe('2 / 3 units');
    // An extra unit of a line already complete: refused, counts unchanged.
    await scan(page, 'PK-LAMP');
    await notice
      .getByText('One too many: Brass Desk Lamp needs 2, all scanned. Put this one back.')
      .waitFor();
    expect(await units.textContent()).toBe('2 / 3 units');
    expect(await seriousViolations(page)).toEqual([]);
    await look(page, 'pack-desktop-2-error');

    // The mug by its barcode: every unit scanned, the tracking field takes the next scan.
    await scan(page, '0123456789012');
    await expect.poll(() => units.textContent()).toBe('3 / 3 units');
    await expect.poll(() => focusedTestId(page)).toBe('pack-tracking');
    await look(page, 'pack-desktop-3-scanned');

    // Back to the carrier with Shift+Tab, Enter goes on to the tracking number, Enter ships.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedTestId(page)).toBe('pack-carrier');
    await page.keyboard.type('UPS');
    await page.keyboard.press('Enter');
    expect(await focusedTestId(page)).toBe('pack-tracking');
    await page.keyboard.type('1ZPACK0001');
    await page.keyboard.press('Enter');
    await notice.getByText(`Shipped ${a.name}. Press Enter for the next order.`).waitFor();
    await expect.poll(() => focusedTestId(page)).toBe('pack-input');
    expect(await seriousViolations(page)).toEqual([]);
    await look(page, 'pack-desktop-4-shipped');

    // P prints the packing slip of the shipment, L its 4×6 label: one key each.
    await page.keyboard.press('p');
    await expect.poll(() => slipUrls.length).toBe(1);
    await page.keyboard.press('l');
    await expect.poll(() => slipUrls.length).toBe(2);
    expect(new URL(slipUrls[0]!).searchParams.get('fulfillment')).toMatch(/^ful_/);
    expect(new URL(slipUrls[1]!).searchParams.get('layout')).toBe('LABEL_4X6');
    expect(await input.inputValue()).toBe('');

    // Enter: the next order. The carrier is remembered from the last parcel.
    await page.keyboard.press('Enter');
    await page.getByText(`Scan an item of ${b.name}`).waitFor();
    await scan(page, 'PK-MUG');
    await expect.poll(() => focusedTestId(page)).toBe('pack-tracking');
    expect(await page.getByTestId('pack-carrier').inputValue()).toBe('UPS');
    // Before shipping, the slip is of what is still to ship from here.
    await page.getByRole('button', { name: 'Print packing slip' }).click();
    await expect.poll(() => slipUrls.length).toBe(3);
    expect(new URL(slipUrls[2]!).searchParams.get('orders')).toBe(b.id);
    expect(new URL(slipUrls[2]!).searchParams.get('location')).toMatch(/^loc_/);
    await expect.poll(() => focusedTestId(page)).toBe('pack-tracking');
    await page.keyboard.type('1ZPACK0002');
    await page.keyboard.press('Enter');
    await notice.getByText(`Shipped ${b.name}. Press Enter for the next order.`).waitFor();

    // The third order, shipped with a double Enter: it ships once (one key per packed order).
    await page.keyboard.press('Enter');
    await page.getByText(`Scan an item of ${c.name}`).waitFor();
    for (const code of ['PK-MUG', 'PK-LAMP', '0123456789012']) await scan(page, code);
    await expect.poll(() => focusedTestId(page)).toBe('pack-tracking');
    await page.keyboard.type('1ZPACK0003');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // The second Enter either found the shipment under way, or (once it was done) asked for the
    // next order: both are fine, as long as the order shipped once (checked below).
    await expect
      .poll(() => notice.textContent())
      .toMatch(
        new RegExp(
          `^(Shipped ${c.name}\\. Press Enter for the next order\\.|No orders left to pack at Pack bench\\.)$`,
        ),
      );

    // Nothing left to pack here.
    await page.keyboard.press('Enter');
    await notice.getByText('No orders left to pack at Pack bench.').waitFor();

    // Through the API: each order shipped once, with its tracking, from the bench.
    const tracking = { [a.id]: '1ZPACK0001', [b.id]: '1ZPACK0002', [c.id]: '1ZPACK0003' };
    for (const o of [a, b, c]) {
      const read = await orderOf(api, o.id);
      expect(read.fulfillmentStatus).toBe('FULFILLED');
      expect(read.fulfillments).toHaveLength(1);
      expect(read.fulfillments[0]).toMatchObject({
        status: 'SUCCESS',
        carrier: 'UPS',
        trackingNumber: tracking[o.id],
        location: { name: 'Pack bench' },
      });
    }
    // The stock moved as orderFulfill moves it: off the shelf, no longer committed.
    expect(await levelAt(api, lamp, 'Pack bench')).toEqual({
      onHand: before.lamp.onHand - 3,
      committed: before.lamp.committed - 3,
    });
    expect(await levelAt(api, mug, 'Pack bench')).toEqual({
      onHand: before.mug.onHand - 4,
      committed: before.mug.committed - 4,
    });
    await page.context().close();
  });

  it('serves the slip the station asked for as a PDF naming the order and its SKUs', async () => {
    // Needs the documents helper's /documents/packing-slips.pdf (issue #33 part 1).
    expect(slipUrls.length).toBeGreaterThan(0);
    const { page } = await newPage(browser, server.url, DESKTOP_1440);
    await signIn(page, PACKER.email, PACKER.password);
    const res = await page.request.get(slipUrls[0]!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(await res.body()) }).promise;
    let text = '';
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    }
    const first = (
      await api.request<any>(`{ orders(first: 1, sortKey: CREATED_AT, reverse: true) { nodes { name } } }`)
    ).orders.nodes[0].name;
    expect(text).toContain(first);
    expect(text).toContain('PK-LAMP');
    expect(text).toContain('PK-MUG');
    await page.context().close();
  });

  it('works on a phone at 390 px, and tells a packer when another station shipped the order', async () => {
    const d = await placeMiasOrder(api, {
      lines: [
        { variantId: lamp, quantity: 1 },
        { variantId: mug, quantity: 1 },
      ],
    });
    const e = await placeMiasOrder(api, { lines: [{ variantId: lamp, quantity: 1 }] });
    const { page } = await newPage(browser, server.url, PHONE_390);
    await signIn(page, PACKER.email, PACKER.password);
    await page.goto('/pack');
    await page.getByTestId('pack-input').waitFor();
    // The location chosen on this browser is remembered; a fresh phone starts from the first.
    await page.getByLabel('Ships from').selectOption({ label: 'Pack bench' });
    expect(await wideElements(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await look(page, 'pack-phone-1-start');

    const notice = page.getByTestId('pack-notice');
    // Typed with the store's prefix.
    await scan(page, d.name);
    await page.getByText(`Scan an item of ${d.name}`).waitFor();
    await scan(page, 'PK-SOCK');
    await notice.getByText('Wrong item: PK-SOCK is not on this order. Put it back.').waitFor();
    expect(await wideElements(page)).toEqual([]);
    await look(page, 'pack-phone-2-error');
    await scan(page, 'PK-LAMP');
    await scan(page, 'PK-MUG');
    await expect.poll(() => focusedTestId(page)).toBe('pack-tracking');
    expect(await wideElements(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await look(page, 'pack-phone-3-scanned');
    // Escape goes back a step: the last unit is taken back, the scan field has the focus again.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('pack-units').textContent()).toBe('1 / 2 units');
    expect(await focusedTestId(page)).toBe('pack-input');
    await scan(page, 'PK-MUG');
    await expect.poll(() => focusedTestId(page)).toBe('pack-tracking');
    await page.keyboard.type('PHONE-1');
    await page.keyboard.press('Enter');
    await notice.getByText(`Shipped ${d.name}. Press Enter for the next order.`).waitFor();
    expect(await wideElements(page)).toEqual([]);
    await look(page, 'pack-phone-4-shipped');
    expect((await orderOf(api, d.id)).fulfillments[0].trackingNumber).toBe('PHONE-1');

    // An unknown number changes nothing.
    await scan(page, '#99999');
    await notice.getByText('There is no order #99999.').waitFor();

    // Another station ships E while this one packs it: a clear message, and on to the next order.
    await page.keyboard.press('Enter');
    await page.getByText(`Scan an item of ${e.name}`).waitFor();
    await scan(page, 'PK-LAMP');
    await expect.poll(() => focusedTestId(page)).toBe('pack-tracking');
    await fulfillOrder(api, e.id);
    await page.keyboard.press('Enter');
    await notice.getByText('Already shipped by someone else — press Enter for the next order.').waitFor();
    await expect.poll(() => focusedTestId(page)).toBe('pack-input');
    expect((await orderOf(api, e.id)).fulfillments).toHaveLength(1);

    // Typing a shipped order's number says so.
    await scan(page, d.name);
    await notice.getByText(`${d.name} has already shipped.`).waitFor();
    await page.context().close();
  });

  it('is not offered to staff who may not fulfil orders', async () => {
    const { page } = await newPage(browser, server.url, DESKTOP_1440);
    await signIn(page, ANALYST.email, ANALYST.password);
    expect(await page.getByRole('link', { name: 'Pack', exact: true }).count()).toBe(0);
    await page.goto('/pack');
    await page.getByText("You can't pack orders").waitFor();
    expect(await page.getByTestId('pack-input').count()).toBe(0);
    await page.context().close();
  });
});
