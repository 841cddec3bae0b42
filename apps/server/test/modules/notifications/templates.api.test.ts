import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { createOrder, gql, setUpActionStore, type ActionStore } from '../../support/order-fixtures.js';
import { mailSettings, messagesOf, settled } from '../../support/email-fixtures.js';

const TEMPLATES = `{ notificationTemplates { kind label subject body isDefault version variables { name } } }`;
const UPDATE = `mutation($kind: NotificationTemplateKind!, $subject: String!, $body: String!, $version: Int) {
  notificationTemplateUpdate(kind: $kind, subject: $subject, body: $body, version: $version) {
    template { kind subject body isDefault version } userErrors { field code message } } }`;
const RESET = `mutation($kind: NotificationTemplateKind!) { notificationTemplateReset(kind: $kind) {
  template { subject isDefault version } userErrors { message } } }`;
const PREVIEW = `query($kind: NotificationTemplateKind!, $subject: String!, $body: String!, $orderId: ID) {
  notificationTemplatePreview(kind: $kind, subject: $subject, body: $body, orderId: $orderId) {
    subject html text userErrors { field code message } } }`;

const templateOf = async (client: any, kind: string) =>
  (await gql(client, TEMPLATES)).notificationTemplates.find((t: any) => t.kind === kind);

describe.each(DATABASES)('notification templates on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { mail: mailSettings(undefined) } });
  let made: Promise<ActionStore> | undefined;
  const actionStore = () => (made ??= setUpActionStore(ctx.server, 50));

  it('refuses a template that does not read or uses missing variables, in words, and changes nothing', async () => {
    const owner = await signedIn(ctx.server);
    const before = await templateOf(owner, 'ORDER_CONFIRMATION');
    expect(before).toMatchObject({
      isDefault: true,
      version: 0,
      subject: 'Order {{ order.name }} confirmed',
    });
    expect(before.variables.map((v: any) => v.name)).toContain('order.total');
    const bad = await gql(owner, UPDATE, {
      kind: 'ORDER_CONFIRMATION',
      subject: '',
      body: 'Hi {{ order.nme }}\n\n{% if order.total %}unclosed',
    });
    const errors = bad.notificationTemplateUpdate.userErrors;
    expect(errors).toContainEqual({ field: ['subject'], code: 'REQUIRED', message: 'Write the subject.' });
    const body = errors.find((e: any) => e.field[0] === 'body');
    expect(body.code).toBe('INVALID');
    expect(body.message).toMatch(/^The body can’t be read: .*if.*not closed/i);
    const unknown = await gql(owner, UPDATE, {
      kind: 'ORDER_CONFIRMATION',
      subject: 'Hi',
      body: 'Hi {{ order.nme }}',
    });
    expect(unknown.notificationTemplateUpdate.userErrors[0].message).toMatch(
      /^The body uses \{\{ order\.nme \}\}, which is not one of this message’s variables \(line 1\)\. It can use: shop\.name/,
    );
    const staffOnly = await gql(owner, UPDATE, {
      kind: 'ORDER_CONFIRMATION',
      subject: '{{ link }}',
      body: 'Hi',
    });
    expect(staffOnly.notificationTemplateUpdate.userErrors[0].field).toEqual(['subject']);
    const filter = await gql(owner, UPDATE, {
      kind: 'ORDER_CONFIRMATION',
      subject: '{{ order.name | shout }}',
      body: 'x',
    });
    expect(filter.notificationTemplateUpdate.userErrors[0].message).toMatch(
      /“shout” is not a filter Liquid knows/,
    );
    expect(await templateOf(owner, 'ORDER_CONFIRMATION')).toEqual(before);
  });

  it('saves a template the next message uses, refuses a stale version, and resets to the default', async () => {
    const owner = await signedIn(ctx.server);
    const store = await actionStore();
    const saved = await gql(owner, UPDATE, {
      kind: 'ORDER_CONFIRMATION',
      subject: 'Thanks, {{ customer.first_name }}! ({{ order.name }})',
      body: 'Your {{ order.item_count }} items:\n{% for line in order.line_items %}- {{ line.title }} × {{ line.quantity }}\n{% endfor %}',
      version: 0,
    });
    expect(saved.notificationTemplateUpdate.userErrors).toEqual([]);
    expect(saved.notificationTemplateUpdate.template).toMatchObject({ isDefault: false, version: 1 });
    const stale = await gql(owner, UPDATE, {
      kind: 'ORDER_CONFIRMATION',
      subject: 'x',
      body: 'y',
      version: 0,
    });
    expect(stale.notificationTemplateUpdate.userErrors[0].code).toBe('STALE_VERSION');
    const order = await createOrder(store.owner, [{ variantId: store.lamp, quantity: 3 }], {
      email: 'ada@example.com',
    });
    const kept = await settled(owner, `order:${order.name}`);
    expect(kept.subject).toBe(`Thanks, Ada! (${order.name})`);
    expect(kept.text).toContain('Your 3 items:');
    expect(kept.text).toMatch(/- .+ × 3/);
    const reset = await gql(owner, RESET, { kind: 'ORDER_CONFIRMATION' });
    expect(reset.notificationTemplateReset.template).toEqual({
      subject: 'Order {{ order.name }} confirmed',
      isDefault: true,
      version: 0,
    });
    const audit = await gql(owner, `{ auditEvents(first: 40) { edges { node { action } } } }`);
    const actions = audit.auditEvents.edges.map((e: any) => e.node.action);
    expect(actions).toContain('notification_template.reset');
    expect(actions).toContain('notification_template.update');
  });

  it('previews a template as edited on a real order, every value escaped', async () => {
    const owner = await signedIn(ctx.server);
    const store = await actionStore();
    const order = await createOrder(store.owner, [{ variantId: store.mug, quantity: 2 }], {
      email: 'x@example.com',
      shippingAddress: {
        firstName: '<img src=x onerror=alert(1)>',
        lastName: 'Lovelace',
        line1: '1 Analytical Way',
        city: 'Columbus',
        postalCode: '43004',
        countryCode: 'US',
      },
    });
    const data = await gql(owner, PREVIEW, {
      kind: 'SHIPPING_CONFIRMATION',
      subject: 'Shipped: {{ order.name }} to {{ customer.first_name }}',
      body: 'Hello {{ customer.first_name }}, total {{ order.total }}',
      orderId: order.id,
    });
    const preview = data.notificationTemplatePreview;
    expect(preview.userErrors).toEqual([]);
    expect(preview.subject).toBe(`Shipped: ${order.name} to <img src=x onerror=alert(1)>`);
    expect(preview.html).not.toContain('<img src=x');
    expect(preview.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(preview.html).toContain('$25.00');
    expect(preview.text).toContain('Hello <img src=x onerror=alert(1)>, total');
    // No parcel yet: the preview shows a sample one, so the tracking button is seen.
    expect(preview.html).toContain('Track your parcel');
    const invalid = await gql(owner, PREVIEW, {
      kind: 'REFUND_ISSUED',
      subject: '{{ refund.amont }}',
      body: 'x',
    });
    expect(invalid.notificationTemplatePreview.subject).toBeNull();
    expect(invalid.notificationTemplatePreview.userErrors[0].field).toEqual(['subject']);
    // Missing values are nil in Liquid: a parcel without a carrier does not say "with ."
    const parcel = await gql(
      store.owner,
      `mutation($id: ID!) { orderFulfill(input: { orderId: $id }) { userErrors { message } } }`,
      {
        id: order.id,
      },
    );
    expect(parcel.orderFulfill.userErrors).toEqual([]);
    const plain = await gql(owner, PREVIEW, {
      kind: 'SHIPPING_CONFIRMATION',
      subject: 'x',
      body: 'Shipped{% if fulfillment.carrier %} with {{ fulfillment.carrier }}{% endif %}.{% if fulfillment.tracking_number %} Number{% endif %}',
      orderId: order.id,
    });
    expect(plain.notificationTemplatePreview.text.startsWith('Shipped.\n')).toBe(true);
    expect(plain.notificationTemplatePreview.html).not.toContain('Track your parcel');
    const staff = await gql(owner, PREVIEW, {
      kind: 'STAFF_PASSWORD_RESET',
      subject: 'Reset',
      body: '{{ link }}',
    });
    expect(staff.notificationTemplatePreview.html).toContain('Choose a new password');
  });

  it('filters the outbox by permission: order messages need ORDERS_READ, staff links STAFF_MANAGE', async () => {
    const owner = await signedIn(ctx.server);
    const store = await actionStore();
    await ctx.server.createStaff({
      email: 'cat@example.com',
      name: 'Cat',
      password: 'catalogue-keeper-55',
      roleKeys: ['catalog-manager'],
    });
    const catalog = await signedIn(ctx.server, 'cat@example.com', 'catalogue-keeper-55');
    const order = await createOrder(store.owner, [{ variantId: store.mug, quantity: 1 }], {
      email: 'p@example.com',
    });
    const roles = await gql(owner, `{ roles { id name } }`);
    await gql(
      owner,
      `mutation($input: StaffInviteInput!) { staffInvite(input: $input) { userErrors { message } } }`,
      {
        input: {
          email: 'inv@example.com',
          name: 'Inv',
          roleIds: [roles.roles.find((r: any) => r.name === 'Support').id],
        },
      },
    );
    const invite = await settled(owner, 'kind:STAFF_INVITATION to:inv@example.com');
    expect(invite.status).toBe('NOT_SENT');
    const packerSees = await messagesOf(store.packer, '');
    expect(packerSees.some((m) => m.orderName === order.name)).toBe(true);
    expect(packerSees.some((m) => m.kind === 'STAFF_INVITATION')).toBe(false);
    const one = await gql(store.packer, `query($id: ID!) { emailMessage(id: $id) { id } }`, {
      id: invite.id,
    });
    expect(one.emailMessage).toBeNull();
    expect(await messagesOf(catalog, '')).toEqual([]);
    const resend = await gql(
      store.packer,
      `mutation($id: ID!) { emailMessageResend(id: $id) { userErrors { message } } }`,
      {
        id: invite.id,
      },
    );
    expect(resend.emailMessageResend.userErrors[0].message).toBe('There is no email with this ID.');
    const refused = await store.packer.request(UPDATE, {
      kind: 'ORDER_CONFIRMATION',
      subject: 'x',
      body: 'y',
    });
    expect(refused.body.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    const read = await gql(store.packer, TEMPLATES);
    expect(read.notificationTemplates).toHaveLength(8);
    const bad = await store.owner.request(
      `{ emailMessages(query: "status:LOST") { userErrors { message } } }`,
    );
    expect(bad.body.data?.emailMessages.userErrors[0].message).toMatch(/status/);
  });
});
