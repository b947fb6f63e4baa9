import { AUTH_MESSAGES, normalizeSkills, PROFILE_MESSAGES, updateProfileRequestSchema, type User } from '@alumlink/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { isUniqueViolation, notFound, validation } from '../../lib/errors';
import { storeUploadedImage } from '../../lib/images';
import { ALL_FIELDS_VISIBLE } from '../settings/visibility';
import { presentUser } from '../users/users.presenter';
import { findUserIdByUsername } from '../users/users.service';
import { findUserById, isHandleTaken, updateUserProfile, type ProfileChanges } from './profiles.repository';

export type ProfileUpdate = z.output<typeof updateProfileRequestSchema>;

const handleTaken = () => validation({ handle: [PROFILE_MESSAGES.handleTaken] });

/** A value the caller actually gave: null, missing and blank mean "leave unchanged". */
function given(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

/** The columns to change: only given fields; skills normalised (a list of only commas changes nothing). */
function changesFrom(update: ProfileUpdate): ProfileChanges {
  const changes: ProfileChanges = {};
  const firstName = given(update.first_name);
  if (firstName !== undefined) changes.firstName = firstName;
  const lastName = given(update.last_name);
  if (lastName !== undefined) changes.lastName = lastName;
  const phoneNumber = given(update.phone_number);
  if (phoneNumber !== undefined) changes.phoneNumber = phoneNumber;
  const countryCode = given(update.country_code);
  if (countryCode !== undefined) changes.countryCode = countryCode;
  const handle = given(update.handle);
  if (handle !== undefined) changes.handle = handle;
  const bio = given(update.bio);
  if (bio !== undefined) changes.bio = bio;
  const skills = given(normalizeSkills(update.skills ?? ''));
  if (skills !== undefined) changes.skills = skills;
  // Career fields: present means set (an empty text or null clears).
  if (update.headline !== undefined) changes.headline = update.headline;
  if (update.company !== undefined) changes.company = update.company;
  if (update.job_title !== undefined) changes.jobTitle = update.job_title;
  if (update.location !== undefined) changes.location = update.location;
  if (update.cohort_year !== undefined) changes.cohortYear = update.cohort_year;
  if (update.open_to_referrals !== undefined) changes.openToReferrals = update.open_to_referrals;
  return changes;
}

/**
 * Updates the caller's own profile (there is no way to name another person). Rules: blank
 * fields unchanged; handle unique case-insensitively (400 on `handle`); country code and phone
 * number end up both set or both empty; a new image is stored as a 256 px WebP avatar.
 */
export async function updateOwnProfile(ctx: AppContext, user: AuthUser, update: ProfileUpdate, image?: Buffer): Promise<User> {
  const current = await findUserById(ctx.db, user.id);
  if (!current) throw notFound('User not found.');
  const changes = changesFrom(update);

  const countryCode = changes.countryCode ?? current.countryCode;
  const phoneNumber = changes.phoneNumber ?? current.phoneNumber;
  if ((countryCode === '') !== (phoneNumber === '')) {
    throw validation({ non_field_errors: [AUTH_MESSAGES.phonePair] });
  }
  if (changes.handle && (await isHandleTaken(ctx.db, changes.handle, user.id))) throw handleTaken();
  if (image) changes.image = await storeUploadedImage(ctx.storage, image, 'avatar');

  try {
    const updated = await updateUserProfile(ctx.db, user.id, changes);
    if (!updated) throw notFound('User not found.');
    return presentUser(updated);
  } catch (error) {
    // Two people claiming the same handle at once: the unique index decides, the loser gets the form error.
    if (isUniqueViolation(error)) throw handleTaken();
    throw error;
  }
}

/**
 * Someone's profile, each private field as the viewer may see it (per-field privacy); 404 for unknown or
 * deactivated people and for people whose profile visibility hides them from the viewer.
 */
export async function getProfileById(ctx: AppContext, viewer: AuthUser, userId: number): Promise<User> {
  const found = await ctx.repositories.profiles.findProfileForViewer(viewer.id, userId);
  if (!found || !found.user.isActive) throw notFound('User not found.');
  const seesEverything = viewer.role === 'AD' || viewer.id === userId;
  if (!seesEverything && !found.visible) throw notFound('User not found.');
  return presentUser(found.user, undefined, seesEverything ? { ...ALL_FIELDS_VISIBLE } : found.fields);
}

/**
 * Someone's profile by username, or by a username they had before (usernames once made from
 * e-mails were replaced by name-based ones in migration 0026: old links keep working). The
 * same rules as getProfileById; 404 for an unknown username.
 */
export async function getProfileByUsername(ctx: AppContext, viewer: AuthUser, username: string): Promise<User> {
  const userId = await findUserIdByUsername(ctx.db, username);
  if (userId === null) throw notFound('User not found.');
  return getProfileById(ctx, viewer, userId);
}
