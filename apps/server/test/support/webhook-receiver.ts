import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '../helpers.js';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  body: any;
  /** The sender's end of the connection (which process sent it: see child-server ownsLocalPort). */
  remotePort: number;
}

/** A local HTTP receiver for webhook tests: records every request and answers as `answer` says. */
export class WebhookReceiver {
  readonly received: Received[] = [];
  /** Connections the sender opened (kept-alive ones carry several requests). */
  connections = 0;
  /** The status to answer the nth request (0-based) with; 200 by default. */
  answer: (n: number, r: Received) => number | Promise<number> = () => 200;
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = raw.toString('utf8');
      }
      const r = {
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body,
        remotePort: req.socket.remotePort ?? 0,
      };
      const n = this.received.length;
      this.received.push(r);
      void Promise.resolve(this.answer(n, r)).then((status) => res.writeHead(status).end(`answer ${status}`));
    });
  });

  constructor() {
    this.server.on('connection', () => this.connections++);
  }

  /** Listens (once; later calls answer the same address). */
  async start(): Promise<string> {
    if (!this.server.listening)
      await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Waits until at least `n` requests came (or fails after `ms`). */
  async waitFor(n: number, ms = 15_000): Promise<Received[]> {
    const until = Date.now() + ms;
    while (this.received.length < n) {
      if (Date.now() > until) throw new Error(`the receiver got ${this.received.length} of ${n} requests`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.received;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export const SUBSCRIPTION_FIELDS = `id topic topicLabel url status pausedReason includeFields failingSince version
  owner { type name } lastDelivery { id status statusCode }`;

export const CREATE = `mutation($input: WebhookSubscriptionInput!) { webhookSubscriptionCreate(input: $input) {
  webhookSubscription { ${SUBSCRIPTION_FIELDS} } secret userErrors { field code message } } }`;
export const UPDATE = `mutation($id: ID!, $input: WebhookSubscriptionUpdateInput!) { webhookSubscriptionUpdate(id: $id, input: $input) {
  webhookSubscription { ${SUBSCRIPTION_FIELDS} } secret userErrors { field code message } } }`;
export const DELIVERY_FIELDS = `id eventId topic test subjectId status attemptCount nextAttemptAt statusCode latencyMs
  responseExcerpt error payloadBytes deliveredAt`;
export const DELIVERIES = `query($id: ID!, $query: String) { webhookDeliveries(subscriptionId: $id, query: $query, first: 100) {
  nodes { ${DELIVERY_FIELDS} } count { value } userErrors { field code message } } }`;
export const TEST = `mutation($id: ID!) { webhookSubscriptionTest(id: $id) { delivery { ${DELIVERY_FIELDS} } userErrors { field code message } } }`;
export const RETRY = `mutation($id: ID!) { webhookDeliveryRetry(id: $id) { delivery { ${DELIVERY_FIELDS} } userErrors { field code message } } }`;
export const RETRY_FAILED = `mutation($id: ID!) { webhookDeliveriesRetryFailed(subscriptionId: $id) {
  count webhookSubscription { id status } userErrors { field code message } } }`;

export const TOKEN = `mutation($input: ApiTokenInput!) { apiTokenCreate(input: $input) { token apiToken { id } userErrors { message } } }`;

/** A client that calls with an API token, as an integration does. */
export function bearer(url: string, token: string): Client {
  return {
    url,
    cookie: null,
    request: async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, headers: res.headers, body: await res.json() };
    },
  } as unknown as Client;
}
