import { userSchema, type User } from '@alumlink/contract';
import { api } from '@/lib/api-client';

/** The signed-in person's profile. */
export function getMe(): Promise<User> {
  return api.get('/social/user-profiles/me/', { schema: userSchema });
}
