import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';

/** DELETE /api/account/ {password}: 204; the account, its sign-ins and its content are gone. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await api.delete('/api/account/', { body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
