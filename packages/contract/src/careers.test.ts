import { describe, expect, it } from 'vitest';
import {
  createReferralRequestSchema,
  ctcSchema,
  JOB_MESSAGES,
  normalizeApplyUrl,
  REFERRAL_MESSAGES,
  updateJobRequestSchema,
} from './index';

describe('normalizeApplyUrl', () => {
  it.each([
    ['https://acme.example.com/jobs', 'https://acme.example.com/jobs'],
    ['  hr@acme.example.com ', 'mailto:hr@acme.example.com'],
    ['mailto:hr@acme.example.com', 'mailto:hr@acme.example.com'],
    ['MAILTO:hr@acme.example.com', 'mailto:hr@acme.example.com'],
    ['http://acme.example.com', null],
    ['javascript:alert(1)', null],
    ['https://localhost/x', null],
    ['hr@', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeApplyUrl(input)).toBe(expected);
  });

  it('reports a bad link on apply_url', () => {
    const result = updateJobRequestSchema.safeParse({ apply_url: 'ftp://x.example.com' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([JOB_MESSAGES.applyUrl]);
  });
});

describe('ctcSchema', () => {
  it.each([
    [0, 0],
    [12.5, 12.5],
    ['3.0', 3],
    [0.3, 0.3],
  ])('accepts %s as %s', (input, expected) => {
    expect(ctcSchema.parse(input)).toBe(expected);
  });

  it.each([
    [-1, REFERRAL_MESSAGES.ctcMin],
    [1.25, REFERRAL_MESSAGES.ctcDecimals],
    ['abc', REFERRAL_MESSAGES.ctcNumber],
    [Number.NaN, REFERRAL_MESSAGES.ctcNumber],
    [Number.POSITIVE_INFINITY, REFERRAL_MESSAGES.ctcNumber],
  ])('refuses %s', (input, message) => {
    expect(ctcSchema.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('trims the text fields of a referral', () => {
    const parsed = createReferralRequestSchema.parse({
      company: ' Globex ',
      role: 'SE',
      ctc: 10,
      location: 'Pune',
      requirements: ' React ',
    });
    expect(parsed).toEqual({ company: 'Globex', role: 'SE', ctc: 10, location: 'Pune', requirements: 'React' });
  });
});
