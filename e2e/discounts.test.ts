import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { seriousViolations, shot } from './support/look';

const SUPPORT = { email: 'sue@example.com', name: 'Sue Port', password: 'kind-words-every-day-8' };

/** SPEC §2 /discounts: a catalog manager's codes, and what support may only look at. */
describe('discount codes in the admin', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...SUPPORT, roleKeys: ['support'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const scarf = await createProduct(api, { title: 'Wool Scarf', sku: 'SCARF-1' });
    await api.request(
      `mutation($input: CollectionInput!) { collectionCreate(input: $input) { userErrors { message } } }`,
      { input: { title: 'Winter', kind: 'MANUAL', productIds: [scarf.productId] } },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('makes a code for a collection, finds it by status, changes and disables it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Discounts' })
      .click();
    await page.getByRole('heading', { name: 'No discount codes yet' }).waitFor();
    // Away from the link just clicked: its hover colour is not what the screen shows.
    await page.mouse.move(700, 400);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Create discount' }).first().click();
    await page.waitForURL('**/discounts/new');

    // Nothing saved until the rules hold: every message next to its field.
    const code = page.getByRole('textbox', { name: 'Code' });
    await code.fill('no spaces');
    await page.getByRole('textbox', { name: 'Percentage' }).fill('150');
    await page.getByRole('radio', { name: 'Specific collections' }).check();
    await page.getByTestId('discount-save').click();
    await page.getByText('Use only letters A–Z, digits, - and _ (no spaces).').waitFor();
    await page.getByText('Use a percentage from 0.01 to 100.').waitFor();
    await page.getByText('Choose at least one collection.').waitFor();
    expect(page.url()).toContain('/discounts/new');

    // A generated code, 15 % on the Winter collection, 100 uses.
    await page.getByRole('button', { name: 'Generate' }).click();
    const generated = await code.inputValue();
    expect(generated).toMatch(/^[A-Z2-9]{10}$/);
    await expect
      .poll(() => page.getByText('Use only letters A–Z, digits, - and _ (no spaces).').count())
      .toBe(0);
    await page.getByRole('textbox', { name: 'Percentage' }).fill('15');
    const find = page.getByRole('combobox', { name: 'Find collections' });
    await find.fill('Win');
    await page.getByRole('option', { name: /Winter/ }).waitFor();
    await find.press('Enter');
    await page.getByTestId('discount-targets').getByText('Winter').waitFor();
    await page.getByRole('textbox', { name: 'Usage limit' }).fill('100');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'discount-new-desktop');
    await page.getByTestId('discount-save').click();
    await page.waitForURL(/\/discounts\/(?!new)[^/]+$/);
    await page.getByTestId('discount-summary').getByText('Active').waitFor();
    await page.getByTestId('discount-usage').getByText('0 of 100 used').waitFor();

    // In the list under Active, not under Scheduled.
    await page.goto('/discounts');
    await page
      .locator('label')
      .filter({ hasText: /^Scheduled$/ })
      .click();
    await page.getByText('No discount codes match').first().waitFor();
    await page
      .locator('label')
      .filter({ hasText: /^Active$/ })
      .click();
    await expect.poll(() => page.getByTestId('discount-row').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('q')).toBe('status:active');
    await page.getByTestId('discount-row').getByTestId('discount-status').getByText('Active').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'discounts-list-desktop');

    // Change it: 20 %, from the code's page; then disable it and see the badge.
    await page.getByRole('link', { name: generated }).click();
    await page.getByRole('textbox', { name: 'Percentage' }).fill('20');
    await page.getByTestId('discount-save').click();
    await page.getByTestId('discount-summary').getByText('20% off').waitFor();
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByTestId('discount-summary').getByText('Disabled').waitFor();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    await page.getByRole('link', { name: 'Discounts', exact: true }).first().click();
    await page
      .locator('label')
      .filter({ hasText: /^Disabled$/ })
      .click();
    await page.getByTestId('discount-row').getByTestId('discount-status').getByText('Disabled').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('status:disabled');
    const stored = await api.request<{ discounts: { nodes: { status: string; value: string }[] } }>(
      `{ discounts(first: 5) { nodes { status value } } }`,
    );
    expect(stored.discounts.nodes).toEqual([{ status: 'DISABLED', value: '20' }]);
    await context.close();
  });

  it('names the code that already has a name, and deletes an unused code', async () => {
    const other = await api.request<{ discountCreate: { discount: { id: string } } }>(
      `mutation($input: DiscountInput!) { discountCreate(input: $input) { discount { id } } }`,
      { input: { code: 'SPRING-SALE', kind: 'FREE_SHIPPING', appliesTo: 'ALL' } },
    );
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/discounts/new');
    const code = page.getByRole('textbox', { name: 'Code' });

    // Only the server knows the code is taken (any case): its message under the code, with a link.
    await code.fill('spring-sale');
    await page.getByTestId('discount-save').click();
    await page.getByText('The code SPRING-SALE is already used by another discount.').waitFor();
    expect(await page.getByRole('link', { name: 'Open that discount' }).getAttribute('href')).toBe(
      `/discounts/${other.discountCreate.discount.id}`,
    );
    expect(page.url()).toContain('/discounts/new');

    await code.fill('TYPO-CODE');
    await page.getByTestId('discount-save').click();
    await page.waitForURL(/\/discounts\/(?!new)[^/]+$/);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/discounts$/);
    await expect.poll(() => page.getByTestId('discount-row').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'TYPO-CODE' }).count()).toBe(0);
    await context.close();
  });

  it('says when someone else saved the code first, and reloads what they saved', async () => {
    const made = await api.request<{ discountCreate: { discount: { id: string; version: number } } }>(
      `mutation($input: DiscountInput!) { discountCreate(input: $input) { discount { id version } } }`,
      { input: { code: 'RACE-10', kind: 'PERCENTAGE', value: '10', appliesTo: 'ALL' } },
    );
    const { id, version } = made.discountCreate.discount;
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/discounts/${id}`);
    const percentage = page.getByRole('textbox', { name: 'Percentage' });
    await expect.poll(() => percentage.inputValue()).toBe('10');

    // A colleague makes it 12 % while this page still shows 10 %.
    await api.request(
      `mutation($id: ID!, $version: Int) { discountUpdate(id: $id, version: $version, input: { value: "12" }) { userErrors { message } } }`,
      { id, version },
    );
    await percentage.fill('30');
    await page.getByTestId('discount-save').click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your changes are not saved' });
    await alert.getByText('Someone else changed this discount since you opened it.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: 'Reload discount' }).click();
    await expect.poll(() => percentage.inputValue()).toBe('12');
    expect(await alert.count()).toBe(0);

    // Made again on top of theirs, it saves.
    await percentage.fill('30');
    await page.getByTestId('discount-save').click();
    await page.getByTestId('discount-summary').getByText('30% off').waitFor();
    const stored = await api.request<{ discount: { value: string } }>(
      `query($id: ID!) { discount(id: $id) { value } }`,
      { id },
    );
    expect(stored.discount.value).toBe('30');
    await context.close();
  });

  it('shows support the codes without a way to change them, on a phone', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto('/discounts');
    await page.getByTestId('discount-row').first().click();
    await page.getByTestId('discount-summary').waitFor();
    expect(await page.getByTestId('discount-save').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Generate' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Code' }).getAttribute('readonly')).not.toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'discount-readonly-phone');

    // A link to a new code says it is not theirs to make, rather than showing a form that can't save.
    await page.goto('/discounts/new');
    await page.getByTestId('discount-no-create').getByText("You can't create discount codes").waitFor();
    expect(await page.getByRole('textbox', { name: 'Code' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a fixed amount as money, as the rest of the admin does ($20.00 off)', async () => {
    const made = await api.request<{ discountCreate: { discount: { id: string } } }>(
      `mutation($input: DiscountInput!) { discountCreate(input: $input) { discount { id } } }`,
      { input: { code: 'TWENTY-OFF', kind: 'FIXED_AMOUNT', value: '20.00', appliesTo: 'ALL' } },
    );
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/discounts');
    const row = page.getByTestId('discount-row').filter({ hasText: 'TWENTY-OFF' });
    await row.getByText('$20.00 off', { exact: true }).waitFor();
    expect(await page.getByText(/USD off/).count()).toBe(0);
    await page.goto(`/discounts/${made.discountCreate.discount.id}`);
    await page.getByTestId('discount-summary').getByText('$20.00 off', { exact: true }).waitFor();
    await shot(page, 'discount-fixed-amount-desktop');
    await context.close();
  });
});
