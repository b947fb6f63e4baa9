import type { FastifyRequest } from 'fastify';

/** Signed links' `token`, and single sign-on's one-time and authorization `code` (/login/sso, /api/auth/oidc/callback/). */
const TOKEN_PARAMETER = /([?&](?:token|code)=)[^&#]*/gi;
/** A data-export download ticket is a path segment (GET /api/account/export/tickets/{ticket}/). */
const TICKET_SEGMENT = /(\/export\/tickets\/)[^/?#]+/gi;

/** An invitation link's token travels in the path (/api/invitations/{token}/...). */
const INVITATION_TOKEN = /(\/api\/invitations\/)[^/?#]+/gi;

/** A URL with the value of every `token` and `code` query parameter, download ticket and invitation token replaced. */
export function withoutTokens(url: string): string {
  return url.replace(TOKEN_PARAMETER, '$1[redacted]').replace(TICKET_SEGMENT, '$1[redacted]').replace(INVITATION_TOKEN, '$1[redacted]');
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
