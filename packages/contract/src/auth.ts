import { z } from 'zod';
import { LIMITS, REQUIRED } from './common';
import { userSchema } from './users';

/** User-visible texts of the specification's sign-in and sign-up screens, word for word. */
export const AUTH_MESSAGES = {
  loginRequired: 'Both email and password are required',
  loginFailed: 'Login failed',
  loginNetwork: 'Network error. Please check your connection.',
  signupRequired: 'All required fields must be filled.',
  passwordsDontMatch: "Passwords don't match.",
  phonePair: 'Both country code and phone number must be provided together.',
  acceptTerms: 'Please accept the Terms and Privacy Policy.',
  otpRequired: 'OTP is required.',
  otpSent: 'OTP sent to your email!',
  signupFailed: 'Failed to send OTP. Please try again.',
  signupNetwork: 'Network error. Check your connection.',
  otpInvalid: 'Invalid OTP.',
  otpNetwork: 'Network error. Try again later.',
  invalidCredentials: 'No active account found with the given credentials',
  unverified: 'Please verify your email address before signing in. We sent you a code.',
  passwordTooShort: `This password is too short. It must contain at least ${LIMITS.passwordMin} characters.`,
  passwordNumeric: 'This password is entirely numeric.',
  emailTaken: 'A user with this email already exists.',
  invalidEmail: 'Enter a valid email address.',
  codeSentIfExists: 'If an account exists for this email, a code has been sent.',
  otpSentDetail: 'OTP sent to your email.',
  otpExpired: 'This code has expired. Request a new one.',
  otpTooManyAttempts: 'Too many attempts. Request a new code.',
  emailVerified: 'Email verified successfully.',
  passwordReset: 'Your password has been reset. You can sign in now.',
  loggedOut: 'Successfully logged out.',
  tokenNotValid: 'Token is invalid or expired',
  notAuthenticated: 'Authentication credentials were not provided.',
} as const;

const requiredText = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Ensure this field has no more than ${max} characters.`);

export const emailSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(LIMITS.emailMax)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail))
  .transform((email) => email.toLowerCase());

/** A new password: at least 8 characters and not entirely numeric. */
export const newPasswordSchema = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .max(LIMITS.passwordMax)
  .refine((value) => value.length >= LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort)
  .refine((value) => !/^\d+$/.test(value), AUTH_MESSAGES.passwordNumeric);

const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

export const otpSchema = z
  .string({ error: AUTH_MESSAGES.otpRequired })
  .trim()
  .min(1, AUTH_MESSAGES.otpRequired)
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

export const loginRequestSchema = z.object({
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(LIMITS.emailMax)
    .transform((e) => e.toLowerCase()),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(LIMITS.passwordMax),
  /** The code e-mailed when the account's sign-in is throttled: with the right password, signs in anyway. */
  unlock_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.')
    .optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * `code` of the 429 POST /api/token/ answers while an account's sign-in is throttled after
 * repeated failures: the client then offers a field for the e-mailed unlock code.
 */
export const SIGN_IN_THROTTLED_CODE = 'sign_in_throttled';

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.object({ refresh: z.string({ error: REQUIRED }).min(1, REQUIRED).max(2000) });

/** Logout: with `refresh`, that session's family is revoked; without, every session of the user. */
export const logoutRequestSchema = z.object({ refresh: z.string().max(2000).optional() });
export type LogoutRequest = z.input<typeof logoutRequestSchema>;

export const registerRequestSchema = z
  .object({
    first_name: requiredText(LIMITS.nameMax),
    last_name: requiredText(LIMITS.nameMax),
    email: emailSchema,
    country_code: optionalText(6).refine((v) => v === '' || /^\+?\d{1,4}$/.test(v), 'Enter a valid country code, e.g. +91.'),
    phone_number: optionalText(20).refine((v) => v === '' || /^[\d\s-]{4,20}$/.test(v), 'Enter a valid phone number.'),
    password: newPasswordSchema,
    password_confirm: z.string({ error: REQUIRED }).min(1, REQUIRED).max(LIMITS.passwordMax),
    site_name: z.string().max(100).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirm) {
      ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: AUTH_MESSAGES.passwordsDontMatch });
    }
    if ((value.country_code === '') !== (value.phone_number === '')) {
      ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: AUTH_MESSAGES.phonePair });
    }
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const verifyOtpRequestSchema = z.object({ email: emailSchema, otp: otpSchema });
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;

export const emailRequestSchema = z.object({ email: emailSchema, site_name: z.string().max(100).optional() });
export type EmailRequest = z.input<typeof emailRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    email: emailSchema,
    otp: otpSchema,
    password: newPasswordSchema,
    password_confirm: z.string({ error: REQUIRED }).min(1, REQUIRED).max(LIMITS.passwordMax),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirm) {
      ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: AUTH_MESSAGES.passwordsDontMatch });
    }
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const registerResponseSchema = z.object({ detail: z.string(), email: z.string() });

export const verifyOtpResponseSchema = z.object({
  detail: z.string(),
  user: userSchema,
  tokens: tokenPairSchema,
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/** Texts of the two-factor sign-in step (settings: two_factor on). */
export const TWO_FACTOR_MESSAGES = {
  codeSent: 'We sent a sign-in code to your email.',
  /** verify-2fa with an unknown, used or replaced challenge (401 `two_factor_challenge_invalid`). */
  challengeInvalid: 'This sign-in is no longer valid. Please sign in again.',
} as const;

/**
 * Answer of POST /api/token/ when the account has two-factor sign-in on: no tokens yet, a code was
 * e-mailed, and `challenge` (opaque, random) names this sign-in: only its holder, who gave the
 * right password, can try the code (POST /api/token/verify-2fa/). It expires with the code.
 */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  detail: z.string(),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /api/token/: a token pair, or a two-factor challenge (then POST /api/token/verify-2fa/). */
export const loginResponseSchema = z.union([tokenPairSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** True when the sign-in answer asks for the e-mailed code. */
export function isTwoFactorChallenge(response: LoginResponse): response is TwoFactorChallenge {
  return 'two_factor_required' in response;
}

/** Longest `challenge` accepted (they are 43 characters: 32 random bytes, base64url). */
const TWO_FACTOR_CHALLENGE_MAX = 200;

/**
 * Body of POST /api/token/verify-2fa/: the `challenge` of the sign-in answer and the 6-digit
 * sign-in code → {access, refresh}. The challenge names the person (no e-mail: an `email` sent
 * by older clients is ignored); a wrong code spends a try of that sign-in's code only.
 */
export const verifyTwoFactorRequestSchema = z.object({
  challenge: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(TWO_FACTOR_CHALLENGE_MAX),
  otp: otpSchema,
});
export type VerifyTwoFactorRequest = z.input<typeof verifyTwoFactorRequestSchema>;
