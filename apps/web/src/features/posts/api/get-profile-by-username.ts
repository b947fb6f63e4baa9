import { useQuery } from '@tanstack/react-query';
import { userSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';

/** A profile by its username (or one the person had before): where an @mention leads. */
export function useProfileByUsername(username: string) {
  return useQuery({
    queryKey: ['profiles', 'by-username', username],
    queryFn: ({ signal }) => api.get('/social/user-profiles/by-username/', { schema: userSchema, query: { username }, signal }),
    retry: false,
  });
}
