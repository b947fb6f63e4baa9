import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, choiceError, displayName, notAChoice, registerRequestSchema, roleLabel } from './index';

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'Ada@Example.com',
  password: 'analytical1',
  password_confirm: 'analytical1',
};

describe('registerRequestSchema', () => {
  it('accepts a complete form and lower-cases the e-mail', () => {
    const parsed = registerRequestSchema.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.country_code).toBe('');
  });

  it('rejects mismatched passwords on password_confirm', () => {
    const result = registerRequestSchema.safeParse({ ...valid, password_confirm: 'other-pass' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(AUTH_MESSAGES.passwordsDontMatch);
  });

  it('requires country code and phone number together', () => {
    const result = registerRequestSchema.safeParse({ ...valid, country_code: '+91' });
    expect(result.error?.issues.map((i) => i.message)).toContain(AUTH_MESSAGES.phonePair);
  });

  it('rejects short and entirely numeric passwords', () => {
    const short = registerRequestSchema.safeParse({ ...valid, password: 'a1', password_confirm: 'a1' });
    expect(short.error?.issues[0]?.message).toBe(AUTH_MESSAGES.passwordTooShort);
    const numeric = registerRequestSchema.safeParse({ ...valid, password: '12345678', password_confirm: '12345678' });
    expect(numeric.error?.issues[0]?.message).toBe(AUTH_MESSAGES.passwordNumeric);
  });
});

describe('display helpers', () => {
  it('builds the display name with its fallbacks', () => {
    expect(displayName({ first_name: 'Ada', last_name: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(displayName({ first_name: '', last_name: '', email: 'a@x.io' })).toBe('a@x.io');
    expect(displayName({})).toBe('Anonymous');
  });

  it('maps role codes with the raw-code fallback', () => {
    expect(roleLabel('AL')).toBe('Alumni');
    expect(roleLabel('XX')).toBe('XX');
  });
});

describe('choice errors', () => {
  it('quote a printable input and never String() an object (one whose toString is not a function would throw)', () => {
    expect(notAChoice('Weekly')).toBe('"Weekly" is not a valid choice.');
    expect(notAChoice(3)).toBe('"3" is not a valid choice.');
    expect(notAChoice({ toString: false })).toBe('Not a valid choice.');
    expect(notAChoice(Object.create(null))).toBe('Not a valid choice.');
    expect(choiceError({ input: undefined })).toBe('This field is required.');
  });
});
