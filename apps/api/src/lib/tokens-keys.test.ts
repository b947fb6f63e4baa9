import { createSigner, createVerifier } from 'fast-jwt';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('fast-jwt', async (importOriginal) => {
  const real = await importOriginal<typeof import('fast-jwt')>();
  return { ...real, createSigner: vi.fn(real.createSigner), createVerifier: vi.fn(real.createVerifier) };
});

const SESSION = '0b5c1f2e-7a4d-4c3b-9e8f-123456789abc';
const person = { id: 42, role: 'AL' as const, isStaff: false, email: 'ada@example.com', session: SESSION };

describe('access token keys', () => {
  // Test files share a worker's modules (vitest isolate: false): a fresh copy of ./tokens, built
  // on the mocked fast-jwt, with no signer or verifier yet.
  beforeEach(() => {
    vi.resetModules();
    vi.mocked(createSigner).mockClear();
    vi.mocked(createVerifier).mockClear();
  });

  it('builds the signer and verifier of a secret once, not per token', async () => {
    const { signAccessToken, verifyAccessToken } = await import('./tokens');
    for (let i = 0; i < 5; i += 1) {
      expect(
        verifyAccessToken(
          'first-secret-0123456789-abcdefghijklmnop',
          await signAccessToken('first-secret-0123456789-abcdefghijklmnop', person),
        ),
      ).toMatchObject(person);
    }
    expect(vi.mocked(createSigner)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createVerifier)).toHaveBeenCalledTimes(1);

    const other = 'second-secret-0123456789-abcdefghijklmno';
    expect(verifyAccessToken(other, await signAccessToken(other, person))).toMatchObject(person);
    expect(vi.mocked(createSigner)).toHaveBeenCalledTimes(2);
    expect(vi.mocked(createVerifier)).toHaveBeenCalledTimes(2);
  });
});
