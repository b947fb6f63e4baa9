import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, LIMITS } from '@alumlink/contract';
import { Button, Field, FormMessage, Input } from '@/components/ui';
import { paths } from '@/config/paths';
import { useResendVerification } from '../api/resend-verification';
import { verifyOtpErrorMessage, useVerifyOtp } from '../api/verify-otp';
import { useCooldown } from '../hooks/use-cooldown';
import { otpFormSchema, type OtpFormInput } from '../schemas';

/** Delay before going to sign-in after a completed registration (specification: 2000 ms). */
export const REDIRECT_AFTER_REGISTRATION_MS = 2000;

/** Step two of sign-up: the e-mailed code, then 'Complete Registration'. */
export function OtpStep({ email, onChangeDetails }: { email: string; onChangeDetails: () => void }) {
  const navigate = useNavigate();
  const verify = useVerifyOtp();
  const resend = useResendVerification();
  const cooldown = useCooldown(LIMITS.otpResendCooldownSeconds, true);
  const [serverError, setServerError] = useState<string | null>(null);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const form = useForm<OtpFormInput>({ resolver: zodResolver(otpFormSchema), defaultValues: { otp: '' }, reValidateMode: 'onSubmit' });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const handleValidSubmit = async ({ otp }: OtpFormInput) => {
    setServerError(null);
    try {
      const response = await verify.mutateAsync({ email, otp });
      setSuccessMessage(response.detail);
      redirectTimer.current = window.setTimeout(() => void navigate(paths.login, { replace: true }), REDIRECT_AFTER_REGISTRATION_MS);
    } catch (error) {
      setServerError(verifyOtpErrorMessage(error));
    }
  };

  const handleResend = async () => {
    try {
      const response = await resend.mutateAsync(email);
      cooldown.start();
      toast.success(response.detail);
    } catch (error) {
      toast.error(verifyOtpErrorMessage(error));
    }
  };

  return (
    <div className="space-y-5">
      <FormMessage tone="success">{AUTH_MESSAGES.otpSent}</FormMessage>
      <p className="text-sm text-fg-muted">
        We sent a 6-digit code to <strong className="font-semibold text-fg">{email}</strong>.{' '}
        <button
          type="button"
          onClick={onChangeDetails}
          className="rounded font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Change details
        </button>
      </p>
      {successMessage ? (
        <FormMessage tone="success">{successMessage} Redirecting you to sign in…</FormMessage>
      ) : (
        <form noValidate onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)} className="space-y-4">
          {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
          <Field label="Verification code" error={form.formState.errors.otp?.message}>
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={LIMITS.otpLength}
              placeholder="123456"
              className="text-center font-mono text-lg tracking-[0.5em]"
              {...form.register('otp')}
            />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
            Complete Registration
          </Button>
          <p className="text-center text-sm text-fg-muted">
            Didn&apos;t get it?{' '}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void handleResend()}
              disabled={cooldown.remaining > 0}
              loading={resend.isPending}
            >
              {cooldown.remaining > 0 ? `Resend code in ${cooldown.remaining}s` : 'Resend code'}
            </Button>
          </p>
        </form>
      )}
    </div>
  );
}
