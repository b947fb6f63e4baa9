import type { FastifyRequest } from 'fastify';

const TOKEN_PARAMETER = /([?&]token=)[^&#]*/gi;
/** A data-export download ticket is a path segment (GET /api/account/export/tickets/{ticket}/). */
const TICKET_SEGMENT = /(\/export\/tickets\/)[^/?#]+/gi;

/** A URL with the value of every `token` query parameter and download ticket replaced (unsubscribe links, export tickets). */
export function withoutTokens(url: string): string {
  return url.replace(TOKEN_PARAMETER, '$1[redacted]').replace(TICKET_SEGMENT, '$1[redacted]');
}

/** Fastify's request log line (method, url, host, address) with signed links' tokens and download tickets redacted. */
export function serializeRequestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: withoutTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
