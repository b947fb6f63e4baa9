// Vite plugin: one copy of index.html per listed page with <link rel="modulepreload"> for the lazily
// loaded chunks of that page (its route modules and what they import), written to
// dist/route-html/<path>.html ('/' → index.html). The server sends that copy for a navigation to the
// exact path (apps/api/src/plugins/static-files.ts), so the browser fetches the page's code together
// with the entry instead of only after the entry has run and the router has asked for it. A page may
// also have a static shell that goes in its <body>, painted before any script runs: an HTML file
// (the signed-in pages' frame) or the page itself, rendered from its React components at build time.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { renderShells } from './render-shells.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export const ROUTE_HTML_DIR = 'route-html';

/**
 * A page path, the source modules (relative to the web app root) its routes load lazily, and
 * optionally the static shell shown until the app runs: `shell`, an HTML file (relative to the web
 * app root), or `renderedShell`, a module (same) whose `renderShell(path)` returns the page's HTML.
 */
export type RoutePage = { path: string; modules: string[]; shell?: string; renderedShell?: string };

/** The attributes of every shell's outer element (shellLayer). */
const SHELL_LAYER = 'id="boot-shell" aria-hidden="true" class="fixed inset-0 z-[80] overflow-hidden bg-bg"';

export function routeHtmlFile(pagePath: string): string {
  return `${ROUTE_HTML_DIR}/${pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '')}.html`;
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
}

/** The file names a chunk loads statically, itself included. */
function staticClosure(byFile: Map<string, OutputChunk>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    byFile.get(fileName)?.imports.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * The layer every shell is painted in: fixed over the page (which never moves when it goes), found
 * by its id (boot-shell.ts), hidden from assistive technology, and inert: nothing in it can take
 * focus or input, so nothing typed before the app runs is lost.
 */
function shellLayer(content: string): string {
  return `<div ${SHELL_LAYER} inert>${content}</div>`;
}

/** An HTML file's shell as it goes into the page: in the layer, without comments and the indentation between tags. */
export function shellMarkup(html: string): string {
  return shellLayer(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/>\s+</g, '><')
      .trim(),
  );
}

/** A page rendered as a shell: in the layer and without ids, which the app's page repeats. */
export function renderedShellMarkup(pageHtml: string): string {
  return shellLayer(pageHtml.replace(/<!--[\s\S]*?-->/g, '').replace(/ id="[^"]*"/g, ''));
}

/** Where a page's shell is kept in the `shells` map of routePageHtml: its file, or its module and path. */
export function shellKey(page: RoutePage): string | undefined {
  if (page.shell !== undefined) return page.shell;
  if (page.renderedShell !== undefined) return `${page.renderedShell}#${page.path}`;
  return undefined;
}

/**
 * The HTML of each page: index.html with modulepreload links for the page's chunks that index.html
 * does not already load, and the page's shell (from `shells`, by shellKey: a file's HTML, or a
 * rendered page's shell markup) before #root. Throws when a listed module is not the facade of a
 * chunk (renamed, or no longer lazily loaded), so the list cannot silently go stale, and when
 * index.html has no #root to put a shell before.
 */
export function routePageHtml(
  indexHtml: string,
  bundle: OutputBundle,
  root: string,
  pages: RoutePage[],
  base = '/',
  shells: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const all = chunks(bundle);
  const byFile = new Map(all.map((chunk) => [chunk.fileName, chunk]));
  const entries = all.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const alreadyLoaded = staticClosure(byFile, entries);
  const html = new Map<string, string>();
  for (const page of pages) {
    const roots = page.modules.map((module) => {
      const chunk = all.find((candidate) => candidate.facadeModuleId !== null && relative(root, candidate.facadeModuleId) === module);
      if (!chunk) throw new Error(`route-pages: ${module} (for ${page.path}) is not a lazily loaded chunk of the build`);
      return chunk.fileName;
    });
    const files = [...staticClosure(byFile, roots)].filter((file) => !alreadyLoaded.has(file));
    const headEnd = /([ \t]*)<\/head>/.exec(indexHtml);
    if (!headEnd) throw new Error('route-pages: index.html has no </head>');
    const indent = headEnd[1] ?? '';
    const links = files.map((file) => `${indent}  <link rel="modulepreload" crossorigin href="${base}${file}">\n`).join('');
    let pageHtml = `${indexHtml.slice(0, headEnd.index)}${links}${indexHtml.slice(headEnd.index)}`;
    const key = shellKey(page);
    if (key !== undefined) {
      const shell = shells.get(key);
      if (shell === undefined) throw new Error(`route-pages: the shell ${key} (for ${page.path}) was not read`);
      if (!pageHtml.includes('<div id="root">')) throw new Error('route-pages: index.html has no <div id="root">');
      const markup = page.shell !== undefined ? shellMarkup(shell) : shell;
      pageHtml = pageHtml.replace('<div id="root">', () => `${markup}<div id="root">`);
    }
    html.set(routeHtmlFile(page.path), pageHtml);
  }
  return html;
}

export function routePages(pages: RoutePage[]): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  return {
    name: 'alumlink:route-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    async writeBundle(_options, bundle) {
      const indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
      const shellFiles = [...new Set(pages.flatMap((page) => (page.shell === undefined ? [] : [page.shell])))];
      const shells = new Map(await Promise.all(shellFiles.map(async (file) => [file, await readFile(join(root, file), 'utf8')] as const)));
      const rendered = await renderShells(root, pages);
      for (const page of pages) {
        const html = rendered.get(page.path);
        const key = shellKey(page);
        if (html !== undefined && key !== undefined) shells.set(key, renderedShellMarkup(html));
      }
      for (const [file, html] of routePageHtml(indexHtml, bundle, root, pages, base, shells)) {
        await mkdir(dirname(join(outDir, file)), { recursive: true });
        await writeFile(join(outDir, file), html);
      }
    },
  };
}
