import { z } from 'zod';
import { AUTH_MESSAGES, emailSchema, LIMITS, newPasswordSchema, otpSchema } from '@alumlink/contract';
import type { RegisterInput } from './api/register';

/**
 * Form schemas of the auth screens. The sign-in and sign-up screens show ONE message at a
 * time, in the specification's order, so their rules put the first failure on `root`.
 */
function firstProblem(ctx: z.RefinementCtx, message: string | undefined): void {
  if (message) ctx.addIssue({ code: 'custom', path: ['root'], message });
}

export const loginFormSchema = z
  .object({ email: z.string(), password: z.string(), unlock_code: z.string().optional() })
  .transform((values) => {
    // The unlock code (offered after a throttled sign-in) goes only when one was typed.
    const unlockCode = values.unlock_code?.trim() ?? '';
    return { email: values.email.trim(), password: values.password.trim(), ...(unlockCode ? { unlock_code: unlockCode } : {}) };
  })
  .superRefine((values, ctx) => {
    firstProblem(ctx, !values.email || !values.password ? AUTH_MESSAGES.loginRequired : undefined);
  });
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormOutput = z.output<typeof loginFormSchema>;

export const signupFormSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    country_code: z.string(),
    phone_number: z.string(),
    password: z.string(),
    password_confirm: z.string(),
    terms: z.boolean(),
  })
  .transform((values) => ({
    ...values,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    country_code: values.country_code.trim(),
    phone_number: values.phone_number.trim(),
  }))
  .superRefine((values, ctx) => {
    firstProblem(ctx, signupProblem(values));
  });
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormOutput = z.output<typeof signupFormSchema>;

interface SignupValues extends RegisterInput {
  terms: boolean;
}

/** The first rule a sign-up form breaks, in the specification's order; undefined when valid. */
export function signupProblem(values: SignupValues): string | undefined {
  const required = [values.first_name, values.last_name, values.email, values.password, values.password_confirm];
  if (required.some((value) => value === '')) return AUTH_MESSAGES.signupRequired;
  if (values.password !== values.password_confirm) return AUTH_MESSAGES.passwordsDontMatch;
  if ((values.country_code === '') !== (values.phone_number === '')) return AUTH_MESSAGES.phonePair;
  if (!values.terms) return AUTH_MESSAGES.acceptTerms;
  const email = emailSchema.safeParse(values.email);
  if (!email.success) return email.error.issues[0]?.message;
  const password = newPasswordSchema.safeParse(values.password);
  if (!password.success) return password.error.issues[0]?.message;
  if (values.first_name.length > LIMITS.nameMax || values.last_name.length > LIMITS.nameMax) {
    return `Ensure this field has no more than ${LIMITS.nameMax} characters.`;
  }
  return undefined;
}

export const otpFormSchema = z.object({ otp: otpSchema });
export type OtpFormInput = z.input<typeof otpFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailSchema });
export type ForgotPasswordFormInput = z.input<typeof forgotPasswordFormSchema>;
