import { createServer, type RequestListener, type Server } from 'node:http';
import Provider, { type AccountClaims } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider, with its development sign-in pages) on a free
 * port of this machine, for single sign-on tests of the API and the browser. Its one client is
 * the app at `redirectUri`. Anyone signs in by typing an account's login (any password); the
 * accounts are the `people` given (or added later), each with the claims the provider hands out.
 */
export type TestPerson = { email: string; email_verified: boolean; given_name?: string; family_name?: string };

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) the person who signs in with `login`. */
  addPerson(login: string, person: TestPerson): void;
  close(): Promise<void>;
};

export const TEST_OIDC_CLIENT = { clientId: 'alumlink-test', clientSecret: 'alumlink-test-secret-0123456789abcdef' } as const;

export async function startTestProvider(redirectUri: string, people: Record<string, TestPerson> = {}): Promise<TestProvider> {
  const accounts = new Map(Object.entries(people));
  // The provider needs its issuer (so its port) before it exists: the server listens first.
  let handle: RequestListener | null = null;
  const server: Server = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT.clientId,
        client_secret: TEST_OIDC_CLIENT.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    cookies: { keys: ['alumlink-test-provider-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => {
      const person = accounts.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: (): AccountClaims => ({ sub: id, ...person }) };
    },
  });
  handle = provider.callback();
  return {
    issuer,
    ...TEST_OIDC_CLIENT,
    addPerson: (login, person) => accounts.set(login, person),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
