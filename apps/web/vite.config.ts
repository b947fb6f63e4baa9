import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress.ts';
import { routePages } from './build/route-pages.ts';

/** Source files of this app and of packages/contract (CSS keeps its side effects). */
const OWN_SOURCE = /[\\/](?:apps[\\/]web|packages[\\/]contract)[\\/]src[\\/].*\.tsx?$/;

/** zod and the contract modules every signed-in page needs (see the 'contract' chunk below). */
const SHARED_CONTRACT =
  /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]src[\\/](?:index|common|users|posts|settings|notifications|messaging|realtime|events|search)\.ts$/;

/** The static shells of the signed-in pages: see src/app/boot-shell/boot-shell.ts. */
const USER_SHELL = 'src/app/boot-shell/user-shell.html';
const ADMIN_SHELL = 'src/app/boot-shell/admin-shell.html';
/** The frame of the other member and admin pages, with a page title's outline. */
const USER_PAGE_SHELL = 'src/app/boot-shell/user-page-shell.html';
const ADMIN_PAGE_SHELL = 'src/app/boot-shell/admin-page-shell.html';
const USER_LAYOUT = 'src/app/layouts/user-layout.tsx';
const ADMIN_LAYOUT = 'src/app/layouts/admin-layout.tsx';
const SETTINGS_LAYOUT = 'src/features/settings/pages/settings-layout.tsx';

/** The member pages with a fixed path and the module of each (src/app/routes/user.ts). */
const USER_PAGES: [string, string][] = [
  ['/user/profile', 'src/app/routes/user-profile.tsx'],
  ['/user/people', 'src/features/directory/pages/directory-page.tsx'],
  ['/user/messages', 'src/features/messaging/pages/messages-page.tsx'],
  ['/user/jobs', 'src/features/jobs/pages/jobs-page.tsx'],
  ['/user/referrals', 'src/features/referrals/pages/referrals-page.tsx'],
  ['/user/mentoring', 'src/features/mentoring/pages/mentoring-page.tsx'],
  ['/user/events', 'src/features/events/pages/events-page.tsx'],
  ['/user/notifications', 'src/features/notifications/pages/notifications-page.tsx'],
  ['/user/search', 'src/features/search/pages/search-page.tsx'],
];
const SETTINGS_PAGES: [string, string][] = [
  ['/user/settings', 'settings-index-page'],
  ['/user/settings/profile', 'profile-settings-page'],
  ['/user/settings/privacy', 'privacy-settings-page'],
  ['/user/settings/account', 'account-settings-page'],
  ['/user/settings/notifications', 'notification-settings-page'],
];
/** The admin pages besides the dashboard (src/app/routes/admin.ts): path, then module under features/admin/pages. */
const ADMIN_PAGES: [string, string][] = [
  ['/admin/jobs', 'jobs'],
  ['/admin/events', 'events'],
  ['/admin/managepost', 'manage-posts'],
  ['/admin/reports', 'reports'],
  ['/admin/appeals', 'appeals'],
  ['/admin/referral', 'referrals'],
  ['/admin/mentoring', 'mentoring'],
  ['/admin/outcomes', 'outcomes'],
  ['/admin/roleupdater', 'roles'],
  ['/admin/audit-log', 'audit-log'],
  ['/admin/cohorts', 'cohorts'],
  ['/admin/invitations', 'invitations'],
  ['/admin/roster', 'roster'],
  ['/admin/system', 'system'],
  ['/admin/profile', 'profile'],
];
/** The landing, sign-in and sign-up pages' shell: the page itself, rendered at build time. */
const PUBLIC_PAGE_SHELL = 'src/app/boot-shell/public-page-shell.tsx';

const API_ORIGIN = 'http://localhost:3000';
const proxiedPrefixes = ['/api', '/social', '/users', '/media', '/dev', '/healthz', '/readyz', '/alumlink'];

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    tailwindcss(),
    // A copy of index.html per page that preloads the page's lazy chunks (the server picks it by path).
    // The modules are those of the routes in src/app/routes/*.ts; the build fails if one is missing.
    // Each page also gets a static shell, painted before the app's code has arrived: the signed-in
    // pages their frame, the landing, sign-in and sign-up pages the page itself.
    routePages([
      { path: '/', modules: ['src/features/landing/pages/landing-page.tsx'], renderedShell: PUBLIC_PAGE_SHELL },
      { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'], renderedShell: PUBLIC_PAGE_SHELL },
      { path: '/signup', modules: ['src/features/auth/pages/signup-page.tsx'], renderedShell: PUBLIC_PAGE_SHELL },
      { path: '/user', modules: ['src/app/layouts/user-layout.tsx', 'src/app/routes/user-home.tsx'], shell: USER_SHELL },
      { path: '/admin', modules: ['src/app/layouts/admin-layout.tsx', 'src/features/admin/pages/dashboard.ts'], shell: ADMIN_SHELL },
      ...USER_PAGES.map(([path, page]) => ({ path, modules: [USER_LAYOUT, page], shell: USER_PAGE_SHELL })),
      ...SETTINGS_PAGES.map(([path, page]) => ({
        path,
        modules: [USER_LAYOUT, SETTINGS_LAYOUT, `src/features/settings/pages/${page}.tsx`],
        shell: USER_PAGE_SHELL,
      })),
      ...ADMIN_PAGES.map(([path, page]) => ({
        path,
        modules: [ADMIN_LAYOUT, `src/features/admin/pages/${page}.ts`],
        shell: ADMIN_PAGE_SHELL,
      })),
    ]),
    // .br and .gz next to each built file, sent as they are by the server.
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/check-budgets.ts reads the manifest to weigh what each route loads.
    manifest: true,
    rolldownOptions: {
      // Our own TypeScript modules (the app and the contract's zod schemas) do nothing when imported
      // but define things: a page that uses none of a module's exports does not load it (the ui and
      // contract barrels would otherwise pull every component and every schema into each page).
      treeshake: { moduleSideEffects: (id) => (OWN_SOURCE.test(id) ? false : undefined) },
      output: {
        // Fewer, larger chunks on the first load: the server speaks HTTP/1.1 (6 connections per host),
        // so each extra small file costs a round trip. See docs/performance.md, "Lighthouse".
        codeSplitting: {
          groups: [
            // Everything main.tsx imports statically (React, the router, TanStack Query, the layouts).
            { name: 'app', tags: ['$initial'], priority: 3 },
            // The icons, one file for all pages instead of one file per icon.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // The small UI components every page uses and the helpers of lib/; not the Radix-based dialog
            // and tabs, nor the list and table parts and the date and number formats only signed-in
            // pages use (the public pages' budget).
            {
              name: 'ui',
              test: /src[\\/](?:components[\\/]ui[\\/](?!dialog|tabs|paged-list|load-more|stats-table|status-tabs|search-box|facts)|lib[\\/](?!format))/,
              priority: 1,
            },
            // zod and the schemas of the signed-in pages' shell and feed (people, posts, settings,
            // notifications, conversations, live events, search): one file. Building a schema costs
            // main-thread time when its chunk loads, so the other schemas (forms, jobs, referrals,
            // the admin portal...) stay with the pages that use them.
            { name: 'contract', test: SHARED_CONTRACT, priority: 2 },
            // The data layer shared by pages (API calls, query keys and hooks), with the date and number
            // formats of lib/ (signed-in pages only): one file, not one per feature.
            { name: 'data', test: /[\\/]src[\\/](?:features[\\/][^\\/]+[\\/]api[\\/]|lib[\\/]format)/, minShareCount: 2, priority: 1 },
            // TanStack Query's hooks (the client itself is in 'app').
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // xfwd: the proxy says it relayed the request, so the API's dev mailbox (loopback peers without
    // X-Forwarded-For only) stays closed to whoever reaches a `vite --host`; open it at :3000.
    proxy: {
      ...Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: true, xfwd: true }])),
      '/ws': { target: API_ORIGIN, ws: true, changeOrigin: true },
    },
  },
});
