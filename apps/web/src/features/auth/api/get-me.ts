import { queryOptions } from '@tanstack/react-query';
import { userSchema, type User } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** The signed-in person's profile. */
export function getMe(): Promise<User> {
  return api.get('/social/user-profiles/me/', { schema: userSchema });
}

export const meQueryOptions = () => queryOptions({ queryKey: authKeys.me(), queryFn: getMe });
