import { applyTheme, followSystemTheme } from './lib/theme';
import { StrictMode, startTransition } from 'react';
import { config as configureZod } from 'zod/v4/core';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { prefetchFirstPage } from './app/prefetch-first-page';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { paths } from './config/paths';
import { setSessionExpiredHandler } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import './index.css';

/** Resolves in a later task (after the browser has had a chance to paint and handle input). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// The content security policy forbids eval: zod must not even probe for it (its `new Function`
// test is reported by the browser as a CSP violation). Before any schema parses.
configureZod({ jitless: true });

// Before the first React render so the page never flashes the wrong theme.
applyTheme();
followSystemTheme();

// The page's first data leaves before anything else is set up.
const queryClient = createQueryClient();
prefetchFirstPage(queryClient, window.location.pathname);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
void start(rootElement);

/**
 * Start-up as a few short tasks instead of one long one, so the browser can paint (the signed-in
 * pages' static shell) and answer input in between: the router, then the first render.
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const router = createAppRouter();
  setSessionExpiredHandler(() => {
    queryClient.clear();
    void router.navigate(paths.login, { replace: true });
  });
  await nextTask();
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser every few milliseconds instead of one
  // long task (the first render mounts the providers, the router and the page's shell).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}
