import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AdminUserPage } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

export function deleteUser(userId: number) {
  return api.delete(`/users/admin/delete-user/${userId}/`);
}

/** Deletes a person: the row goes at once, then the lists and the dashboard figures refresh. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, userId) => {
      queryClient.setQueriesData<InfiniteData<AdminUserPage, string | null>>({ queryKey: adminKeys.usersAll() }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, results: page.results.filter((row) => row.id !== userId) })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
    },
  });
}
