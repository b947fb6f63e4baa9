import { beforeAll } from 'vitest';
import { authHeader } from './auth-helpers';
import { createUser, type CreateUserOptions, type TestUser } from './factories';
import type { TestApp } from './create-test-app';

/**
 * A file's people, each made and signed in by a beforeAll registered here (after `t`'s, in the order
 * given): `people.<name>` once it has run. `signedIn` makes one more in a test; `auth(person)` is
 * the header of anyone made either way (none for anyone else).
 */
export function useSignedInPeople<Name extends string>(t: TestApp, wanted: Record<Name, CreateUserOptions>) {
  const people = {} as Record<Name, TestUser>;
  const headers = new Map<number, { authorization: string }>();
  const auth = (user: TestUser) => headers.get(user.id) ?? {};

  async function signedIn(options: CreateUserOptions = {}): Promise<TestUser> {
    const user = await createUser(t.db, options);
    headers.set(user.id, await authHeader(t.app, user));
    return user;
  }

  beforeAll(async () => {
    for (const name of Object.keys(wanted) as Name[]) people[name] = await signedIn(wanted[name]);
  });

  return { people, auth, signedIn };
}
