import { asc, eq } from 'drizzle-orm';
import { cohortMembers, cohorts, handSetRoles, invitations, usernameAliases, users } from '../../db/schema/index';
import { exportedMediaPath, iso, type ExportSection } from '../../lib/data-export/section';
import { presentUser } from './users.presenter';

/**
 * profile.json: the person's own record, every field (no password hash: the presenter's whitelist),
 * with their cohort, their former usernames, when an admin set their role by hand and the
 * invitation they joined through.
 */
export const profileExport: ExportSection = {
  file: 'profile.json',
  tables: ['cohort_members.user_id', 'username_aliases.user_id', 'hand_set_roles.user_id', 'invitations.accepted_user_id'],
  kind: 'object',
  collect: async (db, personId) => {
    const [row] = await db.select().from(users).where(eq(users.id, personId));
    if (!row) return null;
    const [cohort] = await db
      .select({ name: cohorts.name, year: cohorts.year, joinedAt: cohortMembers.joinedAt })
      .from(cohortMembers)
      .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
      .where(eq(cohortMembers.userId, personId));
    const aliases = await db
      .select({ username: usernameAliases.oldUsername })
      .from(usernameAliases)
      .where(eq(usernameAliases.userId, personId))
      .orderBy(asc(usernameAliases.oldUsername));
    const [handSet] = await db.select({ setAt: handSetRoles.setAt }).from(handSetRoles).where(eq(handSetRoles.userId, personId));
    const [invitation] = await db
      .select({ role: invitations.role, acceptedAt: invitations.acceptedAt })
      .from(invitations)
      .where(eq(invitations.acceptedUserId, personId));
    return {
      ...presentUser(row),
      image: exportedMediaPath(row.image),
      profile: undefined,
      email_verified_at: iso(row.emailVerifiedAt),
      updated_at: iso(row.updatedAt),
      cohort: cohort ? { name: cohort.name, year: cohort.year, joined_at: iso(cohort.joinedAt) } : null,
      former_usernames: aliases.map((alias) => alias.username),
      role_set_by_admin_at: iso(handSet?.setAt ?? null),
      joined_by_invitation: invitation ? { role: invitation.role, accepted_at: iso(invitation.acceptedAt) } : null,
    };
  },
  media: async function* (db, personId) {
    const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, personId));
    if (row?.image) yield row.image;
  },
};
