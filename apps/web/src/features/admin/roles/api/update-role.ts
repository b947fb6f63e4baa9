import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { updateRoleResponseSchema, type AdminUserPage, type UpdateRoleRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

export function updateRole(body: UpdateRoleRequest) {
  return api.patch('/users/admin/update-role/', body, { schema: updateRoleResponseSchema });
}

/** Changes a person's role: the row shows the new role at once, then the lists and figures refresh. */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: ({ user }) => {
      queryClient.setQueriesData<InfiniteData<AdminUserPage, string | null>>({ queryKey: adminKeys.usersAll() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, results: page.results.map((row) => (row.id === user.id ? user : row)) })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
    },
  });
}
