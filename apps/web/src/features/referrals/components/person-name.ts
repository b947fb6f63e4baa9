import { DELETED_USER_NAME, displayName } from '@alumlink/contract';

/** A person's display name, or DELETED_USER_NAME once they deleted their account (the API sends null). */
export function nameOrDeleted(person: Parameters<typeof displayName>[0] | null): string {
  return person ? displayName(person) : DELETED_USER_NAME;
}
