// The real server and one browser for a describe block: started before its tests, stopped after them
// (closing the browser closes every context opened in it).
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export type Suite = { readonly server: RunningServer; readonly browser: Browser };

/** Call inside describe(); read `server` and `browser` from the answer in hooks and tests (they exist once its before hook has run). */
export function useServerAndBrowser(env: Record<string, string> = { RATE_LIMIT_MULTIPLIER: '20' }): Suite {
  const suite = {} as { server: RunningServer; browser: Browser };
  before(async () => {
    suite.server = await startServer(env);
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
