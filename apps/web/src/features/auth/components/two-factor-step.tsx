import { useState } from 'react';
import { LIMITS, type User } from '@alumlink/contract';
import { Button, Field, FormMessage, Input } from '@/components/ui';
import { loginErrorMessage, useVerifyTwoFactor } from '../api/login';

export const TWO_FACTOR_CODE_REQUIRED = 'Enter the 6-digit code from the e-mail.';

/** Second step of sign-in when two-factor is on: the code e-mailed to the person, sent with the sign-in's challenge. */
export function TwoFactorStep({
  email,
  detail,
  challenge,
  onSignedIn,
  onBack,
}: {
  email: string;
  detail: string;
  challenge: string;
  onSignedIn: (user: User) => Promise<void>;
  onBack: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async () => {
    const otp = code.trim();
    if (!/^\d{6}$/.test(otp)) {
      setError(TWO_FACTOR_CODE_REQUIRED);
      return;
    }
    setError(null);
    try {
      await onSignedIn(await verify.mutateAsync({ challenge, otp }));
    } catch (failure) {
      setError(loginErrorMessage(failure));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit();
      }}
      className="space-y-5"
    >
      {error ? <FormMessage tone="error">{error}</FormMessage> : <FormMessage tone="success">{detail}</FormMessage>}
      <Field label="Sign-in code" hint={`Sent to ${email}. It expires in ${LIMITS.otpTtlMinutes} minutes.`}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          placeholder="123456"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
        Verify code
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Use another account
      </Button>
    </form>
  );
}
