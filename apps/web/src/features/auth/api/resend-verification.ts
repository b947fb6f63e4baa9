import { useMutation } from '@tanstack/react-query';
import { detailSchema } from '@alumlink/contract';
import { SITE_NAME } from '@/config/site';
import { api } from '@/lib/api-client';

export function resendVerification(email: string) {
  return api.post('/users/resend-verification/', { email, site_name: SITE_NAME }, { schema: detailSchema, auth: false });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
