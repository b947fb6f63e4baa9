import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Content-Security-Policy of the SPA (and everything else the server answers): scripts only
 * from our origin, no plugins, no framing of us, the landing video from youtube-nocookie.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  mediaSrc: ["'self'", 'blob:'],
  frameSrc: ['https://www.youtube-nocookie.com'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // HSTS over plain http would be ignored at best and wrong on a LAN; added below for https.
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
