import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { routeHtmlFiles } from './static-files';

/**
 * Content-Security-Policy of the SPA (and everything else the server answers): scripts only
 * from our origin, no plugins, no framing of us, the landing video from youtube-nocookie.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'media-src': ["'self'", 'blob:'],
  'frame-src': ['https://www.youtube-nocookie.com'],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The CSP sources ('sha256-…') of the inline scripts in a page: the web build's index.html has one,
 * which puts the theme on <html> before the first paint. Allowing exactly these scripts keeps
 * 'unsafe-inline' out: an injected script has another hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The inline script hashes of every page of the web build (index.html and its per-page copies): none without a build. */
export function webBuildScriptHashes(webDistDir: string): string[] {
  if (!existsSync(path.join(webDistDir, 'index.html'))) return [];
  const pages = ['index.html', ...routeHtmlFiles(webDistDir).values()];
  return [...new Set(pages.flatMap((file) => inlineScriptHashes(readFileSync(path.join(webDistDir, file), 'utf8'))))];
}

/**
 * The headers of every answer (HTML, JSON, errors, media), built once: the usual hardening set
 * (what helmet sends, with our CSP and framing rules, scripts from our origin plus the web build's
 * own inline scripts by hash), so a request costs one loop of header assignments instead of
 * rebuilding the policy each time.
 */
export function securityHeaders(
  scriptHashes: readonly string[] = [],
  imageOrigins: readonly string[] = [],
): Readonly<Record<string, string>> {
  const policy = {
    ...CONTENT_SECURITY_POLICY,
    'script-src': [...(CONTENT_SECURITY_POLICY['script-src'] ?? []), ...scriptHashes],
    // MEDIA_PUBLIC_URL's CDN (plugins/s3-media-route.ts redirects /media/ there).
    'img-src': [...(CONTENT_SECURITY_POLICY['img-src'] ?? []), ...imageOrigins],
  };
  return {
    'content-security-policy': Object.entries(policy)
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Sent only over HTTPS (as the client reached us, through a trusted proxy): over plain http it would be wrong on a LAN. */
const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance, webDistDir: string, imageOrigins: readonly string[] = []): void {
  const headers = securityHeaders(webBuildScriptHashes(webDistDir), imageOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
