import type { FastifyInstance } from 'fastify';

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
 * The headers of every answer (HTML, JSON, errors, media), built once: the usual hardening set
 * (what helmet sends, with our CSP and framing rules), so a request costs one loop of
 * header assignments instead of rebuilding the policy each time.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
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

/** Sent only over HTTPS (as the client reached us, through a trusted proxy): over plain http it would be wrong on a LAN. */
const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
