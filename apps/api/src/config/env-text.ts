import { z } from 'zod';

export const booleanText = (name: string) =>
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .refine((value) => ['true', 'false', '1', '0', 'yes', 'no'].includes(value), `${name} must be true or false`)
    .transform((value) => ['true', '1', 'yes'].includes(value));

export const onOffText = (name: string) =>
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .refine((value) => ['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'].includes(value), `${name} must be on or off`)
    .transform((value) => ['on', 'true', '1', 'yes'].includes(value));

export const urlWithScheme = (name: string, schemes: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return schemes.includes(new URL(value).protocol.replace(':', ''));
        } catch {
          return false;
        }
      },
      `${name} must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`,
    );
