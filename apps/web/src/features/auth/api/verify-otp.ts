import { useMutation } from '@tanstack/react-query';
import { AUTH_MESSAGES, verifyOtpResponseSchema } from '@alumlink/contract';
import { api, isApiError, isNetworkError } from '@/lib/api-client';
import { setTokens } from '@/lib/storage';

/** Completes registration; the returned tokens are stored as the specification says. */
export async function verifyOtp(input: { email: string; otp: string }) {
  const response = await api.post('/users/verify-otp/', input, { schema: verifyOtpResponseSchema, auth: false });
  setTokens(response.tokens);
  return response;
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}

export function verifyOtpErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return AUTH_MESSAGES.otpNetwork;
  if (isApiError(error)) return error.detail ?? error.fieldErrors.otp?.[0] ?? error.firstFieldError() ?? AUTH_MESSAGES.otpInvalid;
  return AUTH_MESSAGES.otpInvalid;
}
