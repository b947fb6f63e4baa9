import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { setStoredUser } from '@/lib/storage';
import { profileKeys } from './get-profile';

export const PROFILE_TEXT_FIELDS = ['first_name', 'last_name', 'country_code', 'phone_number', 'handle', 'bio', 'skills'] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];
export type ProfileFormValues = Record<ProfileTextField, string>;

/** The fields that have a value after trimming: empty ones are left out of the update. */
export function filledFields(values: ProfileFormValues): Partial<ProfileFormValues> {
  const filled: Partial<ProfileFormValues> = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = values[field].trim();
    if (value) filled[field] = value;
  }
  return filled;
}

/** Multipart when a new image is chosen, otherwise JSON; only filled fields are sent. */
export function updateProfile({ values, image }: { values: ProfileFormValues; image: File | null }): Promise<User> {
  const fields = filledFields(values);
  if (!image) return api.put('/social/user-profiles/update-me/', fields, { schema: userSchema });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
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
