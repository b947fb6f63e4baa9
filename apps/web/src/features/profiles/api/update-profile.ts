import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { setStoredUser } from '@/lib/storage';
import { profileKeys } from './get-profile';

export const PROFILE_TEXT_FIELDS = ['first_name', 'last_name', 'country_code', 'phone_number', 'handle', 'bio', 'skills'] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];
/** Career fields (DESIGN 8.1): always sent, so an emptied one is cleared. */
export const CAREER_TEXT_FIELDS = ['headline', 'company', 'job_title', 'location', 'cohort_year'] as const;
export type CareerTextField = (typeof CAREER_TEXT_FIELDS)[number];
export type ProfileFormValues = Record<ProfileTextField | CareerTextField, string> & { open_to_referrals: boolean };
export type ProfileUpdateBody = Partial<Record<ProfileTextField, string>> &
  Record<CareerTextField, string> & { open_to_referrals: boolean };

/** The fields that have a value after trimming: empty ones are left out of the update. */
export function filledFields(values: ProfileFormValues): Partial<Record<ProfileTextField, string>> {
  const filled: Partial<Record<ProfileTextField, string>> = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = values[field].trim();
    if (value) filled[field] = value;
  }
  return filled;
}

/** What the form sends: the filled specification fields, and every career field ('' clears it). */
export function profileUpdateBody(values: ProfileFormValues): ProfileUpdateBody {
  const career = Object.fromEntries(CAREER_TEXT_FIELDS.map((field) => [field, values[field].trim()])) as Record<CareerTextField, string>;
  return { ...filledFields(values), ...career, open_to_referrals: values.open_to_referrals };
}

/** Multipart when a new image is chosen, otherwise JSON. */
export function updateProfile({ values, image }: { values: ProfileFormValues; image: File | null }): Promise<User> {
  const body = profileUpdateBody(values);
  if (!image) return api.put('/social/user-profiles/update-me/', body, { schema: userSchema });
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, String(value));
  form.append('image', image);
  return api.put('/social/user-profiles/update-me/', form, { schema: userSchema });
}

/** Saves the profile, then refreshes the stored `user` and the cached profile. */
export function useUpdateProfile({ onUpdated }: { onUpdated?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      setStoredUser(user);
      queryClient.setQueryData(profileKeys.detail('me'), user);
      queryClient.setQueryData(profileKeys.detail(user.id), user);
      onUpdated?.(user);
    },
  });
}
