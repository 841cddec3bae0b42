import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { startTestServer, type TestServer } from '../../../src/testing.js';
import { Client, DATABASES, signedIn } from '../../helpers.js';
import {
  CANCEL,
  createOrder,
  FULFILL,
  gql,
  setUpActionStore,
  type ActionStore,
} from '../../support/order-fixtures.js';
import { startSmtpReceiver, type SmtpReceiver } from '../../support/smtp-receiver.js';
import { mailSettings, MESSAGE, messagesOf, settled } from '../../support/email-fixtures.js';
import { edit, versionOf } from '../../support/order-edit-fixtures.js';

const TIMELINE = `query($id: ID!) { order(id: $id) { name timeline { message } } }`;
const RESEND = `mutation($id: ID!) { emailMessageResend(id: $id) { emailMessage { ${MESSAGE} } userErrors { code message } } }`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe.each(DATABASES)('email over a real SMTP server on $name', ({ postgresUrl }) => {
  let smtp: SmtpReceiver;
  let server: TestServer;
  let store: ActionStore;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ postgresUrl, config: { mail: mailSettings(smtp.url) } });
    store = await setUpActionStore(server, 10);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('sends the order confirmation with From, To, Subject, a text and an HTML part; the timeline says so', async () => {
    const order = await createOrder(store.owner, [{ variantId: store.lamp, quantity: 2 }], {
      email: 'ada@example.com',
    });
    const mail = await smtp.waitFor((m) => m.to.includes('ada@example.com'));
    expect(mail.headers['from']).toBe('Test Shop <shop@example.com>');
    expect(mail.headers['to']).toBe('ada@example.com');
    expect(mail.headers['subject']).toBe(`Order ${order.name} confirmed`);
    expect(mail.text).toContain('Thank you for your order');
    expect(mail.text).toContain('2 × ');
    expect(mail.text).toContain('Total: $80.00');
    expect(mail.text).toContain('1 Analytical Way');
    expect(mail.html).toContain('<html');
    expect(mail.html).toContain('Thank you for your order');
    expect(mail.html).toContain('$80.00');
    const message = await settled(store.owner, `order:${order.name} kind:ORDER_CONFIRMATION`);
    expect(message).toMatchObject({
      status: 'SENT',
      to: 'ada@example.com',
      orderName: order.name,
      attempts: 1,
    });
    expect(message.sentAt).toBeTruthy();
    const timeline = (await gql(store.owner, TIMELINE, { id: order.id })).order.timeline.map(
      (e: any) => e.message,
    );
    expect(timeline).toContain('Order confirmation email queued for ada@example.com');
    expect(timeline).toContain('Order confirmation email sent to ada@example.com');
  });

  it('sends the shipping confirmation with the carrier and the tracking link in both parts', async () => {
    const order = await createOrder(store.owner, [{ variantId: store.lamp, quantity: 1 }], {
      email: 'grace@example.com',
    });
    const done = await gql(store.owner, FULFILL, {
      input: { orderId: order.id, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(done.orderFulfill.userErrors).toEqual([]);
    const link = done.orderFulfill.fulfillment.trackingUrl as string;
    expect(link).toMatch(/^https:\/\/www\.ups\.com\//);
    const mail = await smtp.waitFor(
      (m) => m.to.includes('grace@example.com') && /on its way/.test(m.headers['subject'] ?? ''),
    );
    expect(mail.text).toContain('with UPS');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain('Track your parcel');
  });

  it('tells the customer a return has started: what comes back; nothing with notifyCustomer false', async () => {
    const place = async (email: string) => {
      const order = await createOrder(store.owner, [{ variantId: store.lamp, quantity: 2 }], { email });
      const shipped = await gql(store.owner, FULFILL, { input: { orderId: order.id } });
      expect(shipped.orderFulfill.userErrors).toEqual([]);
      const { lines } = (
        await gql(store.owner, `query($id: ID!) { order(id: $id) { lines { id productTitle } } }`, {
          id: order.id,
        })
      ).order;
      return { order, line: lines[0] };
    };
    const RETURN = `mutation($input: ReturnCreateInput!) { returnCreate(input: $input) {
      return { name } userErrors { message } } }`;
    const { order, line } = await place('lin@example.com');
    const input = {
      orderId: order.id,
      lines: [{ orderLineId: line.id, quantity: 1, reason: 'DEFECTIVE' }],
      idempotencyKey: `return-mail-${order.id}`,
    };
    const made = await gql(store.owner, RETURN, { input });
    expect(made.returnCreate.userErrors).toEqual([]);
    const name = made.returnCreate.return.name as string;
    expect(name).toBe(`${order.name}-R1`);
    const mail = await smtp.waitFor(
      (m) => m.to.includes('lin@example.com') && /return/i.test(m.headers['subject'] ?? ''),
    );
    expect(mail.headers['subject']).toBe(`Your return ${name} has started`);
    expect(mail.text).toContain(`return ${name} for 1 item(s) from order ${order.name}`);
    expect(mail.text).toContain(`1 × ${line.productTitle}`);
    expect(mail.text).toContain('Coming back');
    expect(mail.html).toContain(name);
    // A repeat of the same key is the same return and the same single message.
    expect((await gql(store.owner, RETURN, { input })).returnCreate.return.name).toBe(name);
    const messages = await messagesOf(store.owner, `order:${order.name} kind:RETURN_CREATED`);
    expect(messages).toHaveLength(1);
    const timeline = (await gql(store.owner, TIMELINE, { id: order.id })).order.timeline.map(
      (e: any) => e.message,
    );
    expect(timeline).toContain('Return started email queued for lin@example.com');

    const quiet = await place('hush@example.com');
    const none = await gql(store.owner, RETURN, {
      input: {
        orderId: quiet.order.id,
        lines: [{ orderLineId: quiet.line.id, quantity: 1, reason: 'UNWANTED' }],
        notifyCustomer: false,
      },
    });
    expect(none.returnCreate.userErrors).toEqual([]);
    expect(await messagesOf(store.owner, `order:${quiet.order.name} kind:RETURN_CREATED`)).toEqual([]);
  });

  it('tells the customer their order was edited: each change in words, the new total; one message per edit', async () => {
    const order = await createOrder(store.owner, [{ variantId: store.lamp, quantity: 1 }], {
      email: 'edith@example.com',
      notifyCustomer: false,
    });
    const changes = { addVariants: [{ variantId: store.mug, quantity: 2 }] };
    const key = `edit-mail-${order.id}`;
    const opened = { id: order.id, version: await versionOf(store.owner, order.id) };
    const first = await edit(store.owner, opened, changes, { notifyCustomer: true, idempotencyKey: key });
    expect(first.userErrors).toEqual([]);
    const total = first.order.total.amount as string;
    const mail = await smtp.waitFor((m) => m.to.includes('edith@example.com'));
    expect(mail.headers['subject']).toBe(`Your order ${order.name} has been updated`);
    const added = first.calculation.lines.find((l: any) => l.change === 'ADDED');
    expect(mail.text).toContain(`Added 2 × ${added.productTitle}`);
    expect(mail.text).toContain(`Your order now comes to $${Number(total).toFixed(2)}`);
    expect(mail.html).toContain(added.productTitle);
    // The order wasn't paid: the email says what is still to pay, and shows it under the totals.
    expect(mail.text).toContain(`$${Number(total).toFixed(2)} is still to pay`);
    expect(mail.text).toContain('Balance due');
    // A repeat of the same key is the same edit, and no second message.
    const again = await edit(store.owner, opened, changes, {
      notifyCustomer: true,
      idempotencyKey: key,
    });
    expect(again.userErrors).toEqual([]);
    expect(again.order.version).toBe(first.order.version);
    const kinds = `order:${order.name} kind:ORDER_EDITED`;
    expect(await messagesOf(store.owner, kinds)).toHaveLength(1);
    const timeline = (await gql(store.owner, TIMELINE, { id: order.id })).order.timeline.map(
      (e: any) => e.message,
    );
    expect(timeline).toContain('Order updated email queued for edith@example.com');
    // A second edit is a second message; an edit without notifyCustomer sends none.
    const second = await edit(
      store.owner,
      { id: order.id, version: first.order.version },
      { setQuantities: [{ orderLineId: first.order.lines[0].id, quantity: 2 }] },
      { notifyCustomer: true },
    );
    expect(second.userErrors).toEqual([]);
    await smtp.waitFor((m) => m.to.includes('edith@example.com') && m.text.includes(': 1 → 2'));
    const quiet = await edit(
      store.owner,
      { id: order.id, version: second.order.version },
      { setQuantities: [{ orderLineId: first.order.lines[0].id, quantity: 3 }] },
    );
    expect(quiet.userErrors).toEqual([]);
    expect(await messagesOf(store.owner, kinds)).toHaveLength(2);
  });

  it('sends nothing when notifyCustomer is false, or when the order has no email', async () => {
    const order = await createOrder(store.owner, [{ variantId: store.mug, quantity: 1 }], {
      email: 'quiet@example.com',
      notifyCustomer: false,
    });
    const cancelled = await store.owner.request(
      `mutation($id: ID!) { orderCancel(id: $id, notifyCustomer: false) { order { status } userErrors { message } } }`,
      { id: order.id },
    );
    expect(cancelled.body.data?.orderCancel.userErrors).toEqual([]);
    expect(await messagesOf(store.owner, `order:${order.name}`)).toEqual([]);
    const noEmail = await createOrder(store.owner, [{ variantId: store.mug, quantity: 1 }], { email: null });
    const cancel = await gql(store.owner, CANCEL, { id: noEmail.id });
    expect(cancel.orderCancel.userErrors).toEqual([]);
    expect(await messagesOf(store.owner, `order:${noEmail.name}`)).toEqual([]);
    expect(smtp.received.some((m) => m.to.includes('quiet@example.com'))).toBe(false);
  });

  it('emails a staff invitation whose link works: accepted through the API, then a sign-in', async () => {
    const roles = await gql(store.owner, `{ roles { id name } }`);
    const support = roles.roles.find((r: any) => r.name === 'Support').id;
    const invited = await gql(
      store.owner,
      `mutation($input: StaffInviteInput!) { staffInvite(input: $input) { path userErrors { message } } }`,
      { input: { email: 'newbie@example.com', name: 'New Bie', roleIds: [support] } },
    );
    expect(invited.staffInvite.userErrors).toEqual([]);
    const mail = await smtp.waitFor((m) => m.to.includes('newbie@example.com'));
    expect(mail.headers['subject']).toBe('You’re invited to My store on Stockroom');
    const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(new URL(server.url).origin);
    expect(new URL(link!).pathname).toBe(invited.staffInvite.path);
    expect(mail.html).toContain('Accept the invitation');
    const token = link!.split('/').pop()!;
    const accepted = await gql(
      new Client(server.url),
      `mutation($token: String!, $name: String!, $password: String!) {
        invitationAccept(token: $token, name: $name, password: $password) { email userErrors { message } } }`,
      { token, name: 'New Bie', password: 'a-long-and-new-passphrase-1' },
    );
    expect(accepted.invitationAccept).toEqual({ email: 'newbie@example.com', userErrors: [] });
    await signedIn(server, 'newbie@example.com', 'a-long-and-new-passphrase-1');
  });
});

describe.each(DATABASES)('a mail server that is down on $name', ({ postgresUrl }) => {
  let port: number;
  let server: TestServer;
  let store: ActionStore;
  let smtp: SmtpReceiver | undefined;
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({
      postgresUrl,
      config: { mail: mailSettings(`smtp://127.0.0.1:${port}`) },
    });
    store = await setUpActionStore(server, 10);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('retries, then FAILED (on the timeline too); Resend sends it once the server is back', async () => {
    const order = await createOrder(store.owner, [{ variantId: store.lamp, quantity: 1 }], {
      email: 'later@example.com',
    });
    const failed = await settled(store.owner, `order:${order.name}`, 60_000);
    expect(failed.status).toBe('FAILED');
    expect(failed.attempts).toBe(3);
    expect(failed.error).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
    expect(failed.sentAt).toBeNull();
    const timeline = (await gql(store.owner, TIMELINE, { id: order.id })).order.timeline.map(
      (e: any) => e.message,
    );
    expect(
      timeline.some((m: string) =>
        m.startsWith('Order confirmation email could not be sent to later@example.com'),
      ),
    ).toBe(true);

    smtp = await startSmtpReceiver(port);
    const resent = await gql(store.owner, RESEND, { id: failed.id });
    expect(resent.emailMessageResend.userErrors).toEqual([]);
    expect(resent.emailMessageResend.emailMessage.status).toBe('QUEUED');
    const mail = await smtp.waitFor((m) => m.to.includes('later@example.com'));
    expect(mail.headers['subject']).toBe(failed.subject);
    const sent = await settled(store.owner, `order:${order.name}`);
    expect(sent.status).toBe('SENT');
    const again = await gql(store.owner, RESEND, { id: failed.id });
    expect(again.emailMessageResend.userErrors[0]).toMatchObject({ code: 'INVALID_TRANSITION' });
  }, 90_000);
});

describe.each(DATABASES)('no SMTP_URL on $name', ({ postgresUrl }) => {
  let server: TestServer;
  let store: ActionStore;
  beforeAll(async () => {
    server = await startTestServer({ postgresUrl, config: { mail: mailSettings(undefined) } });
    store = await setUpActionStore(server, 10);
  }, 60_000);
  afterAll(async () => server?.close());

  it('keeps every message as it would have been sent, NOT_SENT, and nothing claims delivery', async () => {
    const order = await createOrder(store.owner, [{ variantId: store.lamp, quantity: 1 }], {
      email: 'kept@example.com',
    });
    const kept = await settled(store.owner, `order:${order.name}`);
    expect(kept).toMatchObject({ status: 'NOT_SENT', attempts: 0, sentAt: null, error: null });
    expect(kept.subject).toBe(`Order ${order.name} confirmed`);
    expect(kept.html).toContain('Thank you for your order');
    expect(kept.text).toContain('Thank you for your order');
    const settings = await gql(store.owner, `{ emailSettings { smtpConfigured } }`);
    expect(settings.emailSettings.smtpConfigured).toBe(false);
    const timeline = (await gql(store.owner, TIMELINE, { id: order.id })).order.timeline.map(
      (e: any) => e.message,
    );
    expect(timeline).toContain(
      'Order confirmation email kept, not sent (no mail server), for kept@example.com',
    );
    expect(timeline.some((m: string) => /email sent to/.test(m))).toBe(false);
    const resend = await gql(store.owner, RESEND, { id: kept.id });
    expect(resend.emailMessageResend.userErrors[0].message).toMatch(/no mail server is configured/);
  });
});
