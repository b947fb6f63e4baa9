import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { NOT_FOUND_BODY } from '../lib/error-handler';

/** First path segments that belong to the server, never to the SPA's index.html fallback. */
export const SERVER_PATH_PREFIXES = new Set(['api', 'social', 'users', 'ws', 'media', 'dev', 'alumlink', 'healthz', 'readyz']);

const IMMUTABLE = 'public, max-age=31536000, immutable';

function firstSegment(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  return pathname.split('/').find((segment) => segment !== '') ?? '';
}

function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const segment = firstSegment(request.url);
  if (SERVER_PATH_PREFIXES.has(segment)) return false;
  // The site root is always the app (a plain `curl /` should not get a JSON 404).
  if (segment === '') return true;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Media uploads at /media/ (immutable: keys are content-addressed), the built SPA when
 * config.webDistDir exists (hashed /assets/* cached for a year, index.html never cached), and
 * the not-found handler: index.html for page navigations, `{detail, code}` 404 otherwise.
 */
export async function registerStaticFiles(app: FastifyInstance, config: AppConfig): Promise<void> {
  mkdirSync(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
    },
  });

  const hasWebApp = existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(config.webDistDir, filePath).split(path.sep).join('/');
        reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasWebApp && wantsSpaPage(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send(NOT_FOUND_BODY);
  });
}
