// oidc-provider ships no types; the little the test provider (oidc-test-provider.ts) uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AccountClaims = { sub: string } & Record<string, unknown>;
  export type FoundAccount = { accountId: string; claims: () => Promise<AccountClaims> | AccountClaims };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
