import { z } from 'zod';
import { LIMITS, REQUIRED } from './common';
import { AUTH_MESSAGES, emailSchema, newPasswordSchema, otpSchema, tokenPairSchema } from './auth';
import { userSchema } from './users';

/** Texts of "Sign-in and security" (settings): password and e-mail changes, turning two-factor off. */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  emailSame: 'This is already your email address.',
  emailCodeSent: 'We sent a 6-digit code to your new email address. Enter it to confirm the change.',
  emailChanged: 'Your email address has been changed.',
} as const;

/** The current password, required to change a password, an e-mail or to turn two-factor off. */
export const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(LIMITS.passwordMax);

/** Body of POST /api/account/password/: the same password rules as registration. */
export const changePasswordRequestSchema = z
  .object({
    current_password: currentPasswordSchema,
    new_password: newPasswordSchema,
    new_password_confirm: z.string({ error: REQUIRED }).min(1, REQUIRED).max(LIMITS.passwordMax),
  })
  .superRefine((value, ctx) => {
    if (value.new_password !== value.new_password_confirm) {
      ctx.addIssue({ code: 'custom', path: ['new_password_confirm'], message: AUTH_MESSAGES.passwordsDontMatch });
    }
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** Answer of POST /api/account/password/: every session was signed out, these tokens replace the caller's. */
export const changePasswordResponseSchema = z.object({ detail: z.string(), tokens: tokenPairSchema });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** Body of POST /api/account/email/: a code is e-mailed to the new address. */
export const changeEmailRequestSchema = z.object({ current_password: currentPasswordSchema, new_email: emailSchema });
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** Answer of POST /api/account/email/. */
export const changeEmailResponseSchema = z.object({ detail: z.string(), new_email: z.string() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

/** Body of POST /api/account/email/confirm/: the code sent to the new address. */
export const confirmEmailChangeRequestSchema = z.object({ otp: otpSchema });
export type ConfirmEmailChangeRequest = z.input<typeof confirmEmailChangeRequestSchema>;

/** Answer of POST /api/account/email/confirm/: the person with the new e-mail. */
export const confirmEmailChangeResponseSchema = z.object({ detail: z.string(), user: userSchema });
export type ConfirmEmailChangeResponse = z.infer<typeof confirmEmailChangeResponseSchema>;
