import { useMutation } from '@tanstack/react-query';
import { detailSchema } from '@alumlink/contract';
import { SITE_NAME } from '@/config/site';
import { api } from '@/lib/api-client';

/** Asks for a reset code; the answer is the same whether or not the e-mail exists. */
export function forgotPassword(email: string) {
  return api.post('/users/forgot-password/', { email, site_name: SITE_NAME }, { schema: detailSchema, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
