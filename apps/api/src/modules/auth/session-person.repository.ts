import { roleSchema, type Role } from '@alumlink/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessionFamilies, users } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import type { VerifiedAccessToken } from '../../lib/tokens';
import { createSessionPersonCache } from './session-person-cache';

/**
 * The signed-in person and their session, looked up on every authenticated request: two
 * primary-key lookups in one statement (one round trip). No row when the person is gone or the
 * session ended (logout, password reset, a reused refresh token) or belongs to someone else.
 */
export function personBySessionQuery(db: Database) {
  return db
    .select({ id: users.id, role: users.role, isStaff: users.isStaff, email: users.email, isActive: users.isActive })
    .from(users)
    .innerJoin(sessionFamilies, and(eq(sessionFamilies.id, sql.placeholder('session')), eq(sessionFamilies.userId, users.id)))
    .where(and(eq(users.id, sql.placeholder('id')), isNull(sessionFamilies.endedAt)))
    .limit(1);
}

/** The signed-in person as routes see it: who (from the token's claims or the database) and the token's sign-in. */
function signedInPerson(who: { id: number; role: Role; isStaff: boolean }, email: string, session: string): AuthUser {
  return { id: who.id, role: who.role, is_staff: who.isStaff, email, session };
}

/**
 * The sign-in check's statement, prepared once per app (`ctx.repositories.auth`), and the cache
 * in front of it (off until `signInChangesPlugin` listens to the database's change channel).
 */
export function createAuthRepository(db: Database) {
  const personBySession = personBySessionQuery(db).prepare('auth_person_by_session');
  const cache = createSessionPersonCache();
  return {
    cache,
    /**
     * The person an access token speaks for, when they are still active and the token's session
     * has not ended; null otherwise. Used by HTTP requests and WebSocket sign-ins alike. Answered
     * from memory when the token was checked lately, or when no change of its person was
     * announced since it was issued (its claims are then what the database holds); else one
     * statement.
     */
    async findSessionPerson(subject: VerifiedAccessToken): Promise<AuthUser | null> {
      const cached = cache.get(subject);
      if (cached) return cached;
      const startedAt = cache.lookupStarted();
      let person: AuthUser;
      if (subject.email !== null && cache.vouchesFor(subject)) {
        person = signedInPerson(subject, subject.email, subject.session);
      } else {
        const [row] = await personBySession.execute({ id: subject.id, session: subject.session });
        const role = roleSchema.safeParse(row?.role);
        if (!row || !row.isActive || !role.success) return null;
        person = signedInPerson({ ...row, role: role.data }, row.email, subject.session);
      }
      cache.store(subject, person, startedAt);
      return person;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
