import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { NOT_FOUND_BODY } from '../lib/error-handler';
import { registerS3MediaRoute } from './s3-media-route';

/** First path segments that belong to the server, never to the SPA's index.html fallback. */
export const SERVER_PATH_PREFIXES = new Set(['api', 'social', 'users', 'ws', 'media', 'dev', 'alumlink', 'healthz', 'readyz']);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The web build's copies of index.html for single pages (apps/web/build/route-pages.ts), which also
 * preload that page's code: dist/route-html/login.html is the page /login, index.html the root.
 */
const ROUTE_HTML_DIR = 'route-html';

/** Page path → file (relative to the dist folder) of each page with its own HTML; empty without any. */
export function routeHtmlFiles(webDistDir: string): Map<string, string> {
  const dir = path.join(webDistDir, ROUTE_HTML_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const page = `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`;
    pages.set(page === '/index' ? '/' : page, `${ROUTE_HTML_DIR}/${file.split(path.sep).join('/')}`);
  }
  return pages;
}

/** The request's path without query and trailing slashes ('/login/?x' → '/login'). */
function pagePath(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end -= 1;
  return pathname.slice(0, end);
}

function firstSegment(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  return pathname.split('/').find((segment) => segment !== '') ?? '';
}

/**
 * Routes of the static-files plugin: media at /media/ and the web app's files (any path outside the
 * server's prefixes). They are never compressed on the fly (plugins/compression.ts): the web app's
 * text files are precompressed at build time, media are images.
 */
export function isStaticFileRoute(url: string): boolean {
  const segment = firstSegment(url);
  return segment === 'media' || !SERVER_PATH_PREFIXES.has(segment);
}

function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const segment = firstSegment(request.url);
  if (SERVER_PATH_PREFIXES.has(segment)) return false;
  // The site root is always the app (a plain `curl /` should not get a JSON 404).
  if (segment === '') return true;
  return (request.headers.accept ?? '').includes('text/html');
}

/** DATA_DIR/media at /media/ (STORAGE=local). */
async function registerLocalMedia(app: FastifyInstance, mediaDir: string): Promise<void> {
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Withheld media (DATA_DIR/media/.withheld, lib/storage) and any other dot segment: 404, as if absent.
    allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
    },
  });
}

/**
 * Media uploads at /media/ (from DATA_DIR/media, or the bucket with STORAGE=s3: s3-media-route.ts; immutable: keys are content-addressed), the built SPA when
 * config.webDistDir exists (hashed /assets/* cached for a year, index.html never cached; brotli or
 * gzip files precompressed at build time when accepted), and
 * the not-found handler: index.html for page navigations (the page's own copy from route-html/ when
 * the build made one), `{detail, code}` 404 otherwise.
 */
export async function registerStaticFiles(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (config.storage.kind === 's3') registerS3MediaRoute(app, config.storage);
  else await registerLocalMedia(app, config.mediaDir);

  const hasWebApp = existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      // The web build writes file.br and file.gz next to each text file (apps/web/build/precompress.ts):
      // sent as they are when the client accepts them (with Vary: accept-encoding), identity otherwise.
      // They are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', `${ROUTE_HTML_DIR}/**`],
      setHeaders: (reply, filePath) => {
        const relative = path.relative(config.webDistDir, filePath).split(path.sep).join('/');
        reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const pageFiles = hasWebApp ? routeHtmlFiles(config.webDistDir) : new Map<string, string>();
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasWebApp && wantsSpaPage(request)) {
      const file = pageFiles.get(pagePath(request.url)) ?? 'index.html';
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);
    }
    return reply.status(404).send(NOT_FOUND_BODY);
  });
}
