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

// The content security policy forbids eval: zod must not even probe for it (its `new Function`
// test is reported by the browser as a CSP violation). Before any schema parses.
configureZod({ jitless: true });

// Before the first React render so the page never flashes the wrong theme.
applyTheme();
followSystemTheme();

const router = createAppRouter();
const queryClient = createQueryClient();

setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate(paths.login, { replace: true });
});

prefetchFirstPage(queryClient, window.location.pathname);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const root = createRoot(rootElement);
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
