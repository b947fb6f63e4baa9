import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, Checkbox, Field, FormMessage, Input } from '@/components/ui';
import type { SignupFormInput, SignupFormOutput } from '../schemas';
import { PasswordInput } from './password-input';

/**
 * The code behind the form: its rules (zod and the contract's schemas) and the register call. The
 * page shows without them (its first render is then about a quarter of a second shorter on a slow
 * phone); they are fetched when the person starts filling the form, and at the latest on submit.
 */
function loadSignUp() {
  return Promise.all([import('../schemas'), import('../api/register'), import('@hookform/resolvers/zod')]);
}

/** The form's rules, checked on submit once loadSignUp has them. */
const signupResolver: Resolver<SignupFormInput, unknown, SignupFormOutput> = async (values, context, options) => {
  const [{ signupFormSchema }, , { zodResolver }] = await loadSignUp();
  return zodResolver(signupFormSchema)(values, context, options);
};

const EMPTY_FORM: SignupFormInput = {
  first_name: '',
  last_name: '',
  email: '',
  country_code: '',
  phone_number: '',
  password: '',
  password_confirm: '',
  terms: false,
};

/** Step one of sign-up: the details, then 'Generate OTP'. */
export function SignupForm({ onOtpSent }: { onOtpSent: (email: string) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: signupResolver,
    defaultValues: EMPTY_FORM,
    reValidateMode: 'onSubmit',
  });
  const { register } = form;

  const handleValidSubmit = async ({ terms: _terms, ...values }: SignupFormOutput) => {
    setServerError(null);
    setPending(true);
    try {
      const [, { register: registerPerson, registerErrorMessage }] = await loadSignUp();
      try {
        const response = await registerPerson(values);
        onOtpSent(response.email || values.email);
      } catch (error) {
        setServerError(registerErrorMessage(error));
      }
    } finally {
      setPending(false);
    }
  };

  const message = form.formState.errors.root?.message ?? serverError;

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)}
      onFocus={() => void loadSignUp()}
      className="space-y-4"
    >
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name">
          <Input autoComplete="given-name" {...register('first_name')} />
        </Field>
        <Field label="Last name">
          <Input autoComplete="family-name" {...register('last_name')} />
        </Field>
      </div>
      <Field label="Email">
        <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register('email')} />
      </Field>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-fg">
          Phone <span className="font-normal text-fg-subtle">(optional)</span>
        </legend>
        <div className="grid grid-cols-[6.5rem_1fr] gap-3">
          <Input
            aria-label="Country code"
            placeholder="+91"
            autoComplete="tel-country-code"
            inputMode="tel"
            {...register('country_code')}
          />
          <Input
            aria-label="Phone number"
            placeholder="98765 43210"
            autoComplete="tel-national"
            inputMode="tel"
            {...register('phone_number')}
          />
        </div>
      </fieldset>
      <Field label="Password" hint="At least 8 characters, not only numbers.">
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Confirm password">
        <PasswordInput autoComplete="new-password" {...register('password_confirm')} />
      </Field>
      <div className="flex items-start gap-3">
        <Checkbox id="signup-terms" className="mt-0.5" {...register('terms')} />
        <label htmlFor="signup-terms" className="text-sm text-fg-muted">
          I agree to the{' '}
          <Link to="/about" className="font-medium text-accent-fg underline-offset-2 hover:underline">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/about" className="font-medium text-accent-fg underline-offset-2 hover:underline">
            Privacy Policy
          </Link>
        </label>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        Generate OTP
      </Button>
    </form>
  );
}
