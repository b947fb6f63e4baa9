// The pages whose static shell is the page itself (RoutePage.renderedShell), rendered to HTML at build
// time: their module is loaded with Vite's SSR module loader (the app's aliases and TSX, no bundle)
// and its `renderShell(path)` called once per page.
import { join } from 'node:path';
import { createServer } from 'vite';
import type { RoutePage } from './route-pages.ts';

type ShellModule = { renderShell: (path: string) => string };

function isShellModule(module: Record<string, unknown>): module is ShellModule {
  return typeof module.renderShell === 'function';
}

/** Each rendered page's HTML, by page path; empty when no page asks. */
export async function renderShells(root: string, pages: RoutePage[]): Promise<Map<string, string>> {
  const rendered = pages.filter((page) => page.renderedShell !== undefined);
  const html = new Map<string, string>();
  if (rendered.length === 0) return html;
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias: { '@': join(root, 'src') } },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    for (const page of rendered) {
      const file = page.renderedShell ?? '';
      const module = await server.ssrLoadModule(`/${file}`);
      if (!isShellModule(module)) throw new Error(`route-pages: ${file} (for ${page.path}) exports no renderShell(path)`);
      html.set(page.path, module.renderShell(page.path));
    }
  } finally {
    await server.close();
  }
  return html;
}
