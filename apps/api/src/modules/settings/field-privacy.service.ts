import { DEFAULT_FIELD_PRIVACY, fieldAudienceSchema, type FieldPrivacy, type UpdateFieldPrivacyRequest } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { UserSettingsRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { findSettings, upsertSettings, type SettingsChanges } from './settings.repository';

/** A settings row (or none: the defaults) → each private field's audience. Check constraints keep the texts valid. */
export function presentFieldPrivacy(row: UserSettingsRow | null): FieldPrivacy {
  if (!row) return DEFAULT_FIELD_PRIVACY;
  const audience = (value: string, field: keyof FieldPrivacy) => fieldAudienceSchema.catch(DEFAULT_FIELD_PRIVACY[field]).parse(value);
  return {
    email: audience(row.emailVisibleTo, 'email'),
    phone: audience(row.phoneVisibleTo, 'phone'),
    company: audience(row.companyVisibleTo, 'company'),
    location: audience(row.locationVisibleTo, 'location'),
    cohort_year: audience(row.cohortYearVisibleTo, 'cohort_year'),
    skills: audience(row.skillsVisibleTo, 'skills'),
  };
}

/** The caller's field audiences; the defaults until they choose. */
export async function getOwnFieldPrivacy(ctx: Pick<AppContext, 'db'>, user: AuthUser): Promise<FieldPrivacy> {
  return presentFieldPrivacy(await findSettings(ctx.db, user.id));
}

/** Saves the given fields' audiences of the caller (nobody else's); the rest stays. */
export async function updateOwnFieldPrivacy(ctx: AppContext, user: AuthUser, update: UpdateFieldPrivacyRequest): Promise<FieldPrivacy> {
  const changes: SettingsChanges = {};
  if (update.email !== undefined) changes.emailVisibleTo = update.email;
  if (update.phone !== undefined) changes.phoneVisibleTo = update.phone;
  if (update.company !== undefined) changes.companyVisibleTo = update.company;
  if (update.location !== undefined) changes.locationVisibleTo = update.location;
  if (update.cohort_year !== undefined) changes.cohortYearVisibleTo = update.cohort_year;
  if (update.skills !== undefined) changes.skillsVisibleTo = update.skills;
  if (Object.keys(changes).length === 0) return getOwnFieldPrivacy(ctx, user);
  return presentFieldPrivacy(await upsertSettings(ctx.db, user.id, changes, new Date()));
}
