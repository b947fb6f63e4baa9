import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldPrivacySchema, type FieldPrivacy, type UpdateFieldPrivacyRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { settingsKeys } from './get-settings';

const fieldPrivacyKey = () => [...settingsKeys.all, 'field-privacy'] as const;

/** GET /social/settings/privacy/: who may see each private field (the defaults until chosen). */
export const fieldPrivacyQueryOptions = () =>
  queryOptions({
    queryKey: fieldPrivacyKey(),
    queryFn: ({ signal }) => api.get('/social/settings/privacy/', { schema: fieldPrivacySchema, signal }),
    staleTime: 5 * 60_000,
  });

export function useFieldPrivacy() {
  return useQuery(fieldPrivacyQueryOptions());
}

/** PUT /social/settings/privacy/: saves the given fields' audiences; answers all of them. */
export function updateFieldPrivacy(body: UpdateFieldPrivacyRequest): Promise<FieldPrivacy> {
  return api.put('/social/settings/privacy/', body, { schema: fieldPrivacySchema });
}

export function useUpdateFieldPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFieldPrivacy,
    onSuccess: (privacy) => queryClient.setQueryData(fieldPrivacyKey(), privacy),
  });
}
