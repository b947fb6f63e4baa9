// Vite plugin: one copy of index.html per listed page with <link rel="modulepreload"> for the lazily
// loaded chunks of that page (its route modules and what they import), written to
// dist/route-html/<path>.html ('/' → index.html). The server sends that copy for a navigation to the
// exact path (apps/api/src/plugins/static-files.ts), so the browser fetches the page's code together
// with the entry instead of only after the entry has run and the router has asked for it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export const ROUTE_HTML_DIR = 'route-html';

/** A page path and the source modules (relative to the web app root) its routes load lazily. */
export type RoutePage = { path: string; modules: string[] };

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
 * The HTML of each page: index.html with modulepreload links for the page's chunks that index.html
 * does not already load. Throws when a listed module is not the facade of a chunk (renamed, or no
 * longer lazily loaded), so the list cannot silently go stale.
 */
export function routePageHtml(indexHtml: string, bundle: OutputBundle, root: string, pages: RoutePage[], base = '/'): Map<string, string> {
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
    html.set(routeHtmlFile(page.path), `${indexHtml.slice(0, headEnd.index)}${links}${indexHtml.slice(headEnd.index)}`);
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
      for (const [file, html] of routePageHtml(indexHtml, bundle, root, pages, base)) {
        await mkdir(dirname(join(outDir, file)), { recursive: true });
        await writeFile(join(outDir, file), html);
      }
    },
  };
}
