import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES, notificationCategorySchema, type NotificationCategory } from '@alumlink/contract';

/**
 * Unsubscribe links: `<payload>.<signature>`, the payload `<user id>.<category,category>` in
 * base64url and the signature an HMAC-SHA256 of it under a key derived from the server's signing
 * secret (node:crypto). They do not expire: a link in an old e-mail must still work (RFC 8058);
 * all they can do is turn e-mail off for the categories they name.
 */
export type UnsubscribeClaims = { userId: number; categories: NotificationCategory[] };

const PURPOSE = 'alumlink:unsubscribe:v1';
const TOKEN = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, payload: string): Buffer {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function signUnsubscribeToken(secret: string, claims: UnsubscribeClaims): string {
  const categories = NOTIFICATION_CATEGORIES.filter((category) => claims.categories.includes(category));
  const payload = Buffer.from(`${claims.userId}.${categories.join(',')}`).toString('base64url');
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The claims of a genuine token, or null (malformed, forged or naming unknown categories). */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaims | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, payload = '', given = ''] = match;
  const expected = signature(secret, payload);
  const received = Buffer.from(given, 'base64url');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
  const [id, list = ''] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId < 1) return null;
  const categories = list.split(',').map((value) => notificationCategorySchema.safeParse(value));
  if (categories.length === 0 || categories.some((category) => !category.success)) return null;
  return { userId, categories: categories.flatMap((category) => (category.success ? [category.data] : [])) };
}

/** The e-mail a link stops, partly hidden for the confirmation page: a***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
