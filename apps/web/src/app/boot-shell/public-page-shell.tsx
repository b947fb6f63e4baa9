// Rendered at build time only (apps/web/build/route-pages.ts loads it through Vite's SSR loader):
// the landing, sign-in and sign-up pages as plain HTML, put in their pages' HTML as the static shell,
// so the browser paints the real page before any script has arrived. No data is fetched: these pages
// show the same for everyone until the app runs (it removes the shell, see boot-shell.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { LoginPage } from '@/features/auth/pages/login-page';
import { SignupPage } from '@/features/auth/pages/signup-page';
import { LandingPage } from '@/features/landing/pages/landing-page';
import { paths } from '@/config/paths';
import { PublicLayout } from '../layouts/public-layout';

/** The public pages that get a rendered shell, by path. */
const SHELL_PAGES: Record<string, ComponentType> = {
  [paths.home]: LandingPage,
  [paths.login]: LoginPage,
  [paths.signup]: SignupPage,
};

/** The page at `path` inside the public layout, as the signed-out visitor first sees it. */
export function renderShell(path: string): string {
  const Page = SHELL_PAGES[path];
  if (!Page) throw new Error(`public-page-shell: no shell for ${path}`);
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location={path}>
        <Routes>
          <Route Component={PublicLayout}>
            <Route path={path} Component={Page} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
}
