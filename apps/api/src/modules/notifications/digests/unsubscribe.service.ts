import type { UnsubscribeInfo } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { badRequest } from '../../../lib/errors';
import { notificationPreferencesOf, saveEmailChoices } from '../preferences.service';
import { maskEmail, verifyUnsubscribeToken, type UnsubscribeClaims } from '../unsubscribe-token';

const invalidLink = () => badRequest('This unsubscribe link is not valid.', 'invalid_token');

async function claimsAndEmail(db: Database, config: Pick<AppConfig, 'jwtSecret'>, token: string) {
  const claims = verifyUnsubscribeToken(config.jwtSecret, token);
  if (!claims) throw invalidLink();
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, claims.userId)).limit(1);
  // The account was deleted: the link has nothing left to stop.
  if (!person) throw invalidLink();
  return { claims, email: person.email };
}

async function infoOf(db: Database, claims: UnsubscribeClaims, email: string): Promise<UnsubscribeInfo> {
  const types = await notificationPreferencesOf(db, claims.userId);
  return {
    categories: claims.categories,
    email: maskEmail(email),
    unsubscribed: claims.categories.every((category) => types[category].email === 'off'),
  };
}

/** GET /api/unsubscribe/: what the link stops, changing nothing (mail scanners follow links). */
export async function describeUnsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeInfo> {
  const { claims, email } = await claimsAndEmail(ctx.db, ctx.config, token);
  return infoOf(ctx.db, claims, email);
}

/**
 * POST /api/unsubscribe/ (RFC 8058 one-click, or the confirmation page): e-mail off for the
 * link's categories; in-app notifications stay as they were. Idempotent.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeInfo> {
  const { claims, email } = await claimsAndEmail(ctx.db, ctx.config, token);
  await saveEmailChoices(ctx, claims.userId, Object.fromEntries(claims.categories.map((category) => [category, 'off'])));
  return infoOf(ctx.db, claims, email);
}
