import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../src/testing.js';

/** The databases API tests run on: always embedded PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: { name: string; postgresUrl?: string }[] = [
  { name: 'pglite' },
  ...(process.env['TEST_DATABASE_URL']
    ? [{ name: 'postgres', postgresUrl: process.env['TEST_DATABASE_URL'] }]
    : []),
];

export interface GqlResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: {
    data?: T | null;
    errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[];
    extensions?: Record<string, unknown>;
  };
}

/** A browser-like GraphQL client over HTTP that keeps its own session cookie. */
export class Client {
  cookie: string | null = null;
  constructor(readonly url: string) {}

  async request<T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown> = {},
    opts: { csrf?: boolean; method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
  ): Promise<GqlResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.csrf !== false) headers['x-stockroom-csrf'] = '1';
    if (this.cookie) headers['cookie'] = this.cookie;
    let res: Response;
    if (opts.method === 'GET') {
      const params = new URLSearchParams({ query, variables: JSON.stringify(variables) });
      res = await fetch(`${this.url}/graphql?${params}`, { headers });
    } else {
      headers['content-type'] = 'application/json';
      res = await fetch(`${this.url}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
      });
    }
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const value = setCookie.split(';')[0]!;
      this.cookie = value.endsWith('=') ? null : value;
    }
    return { status: res.status, headers: res.headers, body: (await res.json()) as GqlResponse<T>['body'] };
  }

  async login(email: string, password: string): Promise<GqlResponse> {
    return this.request(
      `mutation Login($email: String!, $password: String!) {
        login(email: $email, password: $password) { staff { id email } userErrors { field message code } }
      }`,
      { email, password },
    );
  }
}

/** Starts one server for the enclosing describe block and closes it after. */
export function useServer(options: TestServerOptions = {}): {
  readonly server: TestServer;
  client(): Client;
} {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    client: () => new Client(server!.url),
  };
}

export async function signedIn(
  server: TestServer,
  email = server.ownerEmail,
  password = server.ownerPassword,
): Promise<Client> {
  const client = new Client(server.url);
  const res = await client.login(email, password);
  if (!client.cookie) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return client;
}
