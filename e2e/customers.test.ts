import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApi } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { seriousViolations, shot } from './support/look';

const ANALYST = { email: 'ana@example.com', name: 'Ana Lyst', password: 'numbers-all-day-long-7' };
const SUPPORT = { email: 'sue@example.com', name: 'Sue Port', password: 'kind-words-every-day-8' };

/** Picks an option of a Mantine Select (or MultiSelect) by typing part of its label. */
async function choose(
  scope: Page | ReturnType<Page['getByRole']>,
  page: Page,
  label: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: label, exact: true }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('customers', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...SUPPORT, roleKeys: ['support'] });
    await server.createStaff({ ...ANALYST, roleKeys: ['analyst'] });
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    await api.request(
      `mutation($input: CustomerInput!) { customerCreate(input: $input) { userErrors { message } } }`,
      {
        input: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', phone: '+15550100199' },
      },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lets support create a customer with two addresses, set the default, tag them, and find them by phone', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Customers' })
      .click();
    await page.getByTestId('customer-row').first().waitFor();
    await page.getByRole('link', { name: 'Add customer' }).click();

    await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByRole('button', { name: 'Add address' }).click();
    const first = page.getByTestId('new-address').nth(0);
    const second = page.getByTestId('new-address').nth(1);

    // Every missing field is reported at once, before anything is sent.
    await page.getByRole('button', { name: 'Save customer' }).click();
    await first.getByText('Enter the street address.').waitFor();
    await second.getByText('Choose a country from the list.').waitFor();

    await first.getByRole('textbox', { name: 'Address' }).fill('12 St James Square');
    await first.getByRole('textbox', { name: 'City' }).fill('London');
    await choose(first, page, 'Country', 'United Kingdom');
    await first.getByRole('textbox', { name: 'Postal code' }).fill('SW1Y 4JH');
    await second.getByRole('textbox', { name: 'Address' }).fill('1 Rue de Rivoli');
    await second.getByRole('textbox', { name: 'City' }).fill('Paris');
    await choose(second, page, 'Country', 'France');
    await page.getByRole('button', { name: 'Save customer' }).click();
    await second.getByText('Enter the postal code.').waitFor();
    await second.getByRole('textbox', { name: 'Postal code' }).fill('75001');
    await page.getByRole('button', { name: 'Save customer' }).click();

    await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    await expect.poll(() => page.getByTestId('address-card').count()).toBe(2);
    await page.getByRole('button', { name: 'Set address 2 as default' }).click();
    await page.getByTestId('address-card').nth(1).getByText('Default', { exact: true }).waitFor();
    expect(await page.getByTestId('address-card').nth(0).getByText('Default', { exact: true }).count()).toBe(
      0,
    );

    await page.getByRole('combobox', { name: 'Tags' }).fill('vip');
    await page.getByRole('combobox', { name: 'Tags' }).press('Enter');
    await page.getByRole('button', { name: 'Save contact' }).click();
    await page.getByText('Customer saved').waitFor();

    // The email of another customer is refused with a link to them.
    await page.getByRole('textbox', { name: 'Email' }).fill('GRACE@example.com');
    await page.getByRole('button', { name: 'Save contact' }).click();
    await page.getByRole('link', { name: 'Open that customer' }).waitFor();
    await page.getByRole('button', { name: 'Discard' }).click();

    await page.getByRole('textbox', { name: 'Comment' }).fill('Prefers phone calls.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.getByTestId('timeline-comment').getByText('Prefers phone calls.').waitFor();
    await shot(page, 'customer-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/customers');
    const search = page.getByRole('textbox', { name: 'Search customers' });
    await search.fill('+44 20 7946 0958');
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(1);
    expect(await page.getByTestId('customer-row').textContent()).toContain('Ada Lovelace');
    expect(await page.getByTestId('customer-row').textContent()).toContain('France');
    expect(new URL(page.url()).searchParams.get('q')).toBe('+44 20 7946 0958');

    await search.fill('tag:vip');
    await search.press('Enter');
    // The box takes the URL's search once it changes: wait for that before typing the next one.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('tag:vip');
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(1);
    await search.fill('colour:blue');
    await expect.poll(() => search.inputValue()).toBe('colour:blue');
    await search.press('Enter');
    await page
      .getByText(/Unknown field/i)
      .first()
      .waitFor();
    await context.close();
  });

  it('tags several customers at once and shows the list on a phone', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto('/customers');
    await page.getByTestId('customer-row').nth(1).waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.getByRole('button', { name: 'Add tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tags' });
    await dialog.getByRole('combobox', { name: 'Tags' }).fill('newsletter');
    await dialog.getByRole('combobox', { name: 'Tags' }).press('Enter');
    await dialog.getByRole('button', { name: 'Add to 2 customers' }).click();
    await page.getByTestId('bulk-result').getByText('Tags added to 2 customers.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await shot(page, 'customers-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    const phone = await newPage(browser, server.url, PHONE);
    await signIn(phone.page, SUPPORT.email, SUPPORT.password);
    await phone.page.goto('/customers?q=tag%3Anewsletter');
    await expect.poll(() => phone.page.getByTestId('customer-row').count()).toBe(2);
    await shot(phone.page, 'customers-phone');
    await phone.page.getByRole('link', { name: 'Ada Lovelace' }).click();
    await phone.page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    await shot(phone.page, 'customer-phone');
    await phone.page.goto('/customers/new');
    await phone.page.getByRole('button', { name: 'Add address' }).click();
    await phone.page.getByRole('button', { name: 'Save customer' }).click();
    await phone.page.getByText('Enter the street address.').waitFor();
    await shot(phone.page, 'customer-new-phone');
    await phone.context.close();
  });

  it('says so when someone else saved the customer first, and shows it read-only without CUSTOMERS_WRITE', async () => {
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const created = await api.request<{ customerCreate: { customer: { id: string } } }>(
      `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { id } userErrors { message } } }`,
      { input: { email: 'linus@example.com', firstName: 'Linus', lastName: 'Pauling' } },
    );
    const id = created.customerCreate.customer.id;
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto(`/customers/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Linus Pauling' }).waitFor();
    await api.request(
      `mutation($id: ID!) { customerUpdate(id: $id, input: { note: "Changed elsewhere" }) { userErrors { message } } }`,
      { id },
    );
    await page.getByRole('textbox', { name: 'Last name' }).fill('Torvalds');
    await page.getByRole('button', { name: 'Save contact' }).click();
    await page
      .getByRole('alert')
      .getByText(/Someone else changed this customer/)
      .waitFor();
    await page.getByRole('button', { name: 'Reload customer' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Note' }).inputValue())
      .toBe('Changed elsewhere');
    expect(await page.getByRole('textbox', { name: 'Last name' }).inputValue()).toBe('Pauling');
    await context.close();

    const reader = await newPage(browser, server.url);
    await signIn(reader.page, ANALYST.email, ANALYST.password);
    await reader.page.goto(`/customers/${id}`);
    await reader.page.getByRole('heading', { level: 1, name: 'Linus Pauling' }).waitFor();
    expect(await reader.page.getByRole('textbox', { name: 'Email' }).isDisabled()).toBe(true);
    expect(await reader.page.getByRole('button', { name: 'Save contact' }).count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: 'Add address' }).count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: 'Erase personal data' }).count()).toBe(0);
    await reader.context.close();
  });

  it('lets the owner erase a customer, after which the name is gone everywhere', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/customers?q=grace');
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    await page.getByRole('button', { name: 'Erase personal data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
    await dialog.getByText('This cannot be undone').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Erase for good' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog
      .getByRole('textbox', { name: 'Type grace@example.com to confirm' })
      .fill('grace@example.com');
    await confirm.click();
    await page.getByRole('heading', { level: 1, name: 'Erased customer' }).waitFor();
    expect(await page.getByText('Grace Hopper').count()).toBe(0);
    const id = new URL(page.url()).pathname;
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Erased customer' }).waitFor();
    expect(await page.getByText('Grace').count()).toBe(0);
    await shot(page, 'customer-erased-desktop');

    await page.goto('/customers');
    await page.getByTestId('customer-row').first().waitFor();
    expect(await page.getByText('Grace Hopper').count()).toBe(0);
    await page.getByRole('link', { name: 'Erased customer' }).waitFor();
    expect(id.startsWith('/customers/')).toBe(true);
    await context.close();
  });
  it('tags every customer a search finds in one command, beyond the page', async () => {
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    for (let i = 1; i <= 55; i++) {
      await api.request(
        `mutation($input: CustomerInput!) { customerCreate(input: $input) { userErrors { message } } }`,
        { input: { email: `wholesale${i}@example.com`, firstName: 'Wholesale', lastName: `Buyer ${i}` } },
      );
    }
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto('/customers?q=Wholesale');
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(50);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'Select all 55 matching' }).click();
    await page.getByText('All 55 customers matching the search are selected.').waitFor();
    await page.getByRole('button', { name: 'Add tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tags' });
    await dialog.getByRole('combobox', { name: 'Tags' }).fill('Trade');
    await dialog.getByRole('combobox', { name: 'Tags' }).press('Enter');
    await dialog.getByRole('button', { name: 'Add to all 55 matching customers' }).click();
    await page.getByTestId('bulk-result').getByText('Tags added to 55 customers.').waitFor();
    const tagged = await api.request<{ customers: { nodes: unknown[] } }>(
      `{ customers(query: "tag:Trade", first: 100) { nodes { id } } }`,
    );
    expect(tagged.customers.nodes).toHaveLength(55);
    await context.close();
  });
});
