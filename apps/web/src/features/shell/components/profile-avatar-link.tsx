import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { displayName, type User } from '@alumlink/contract';
import { Avatar } from '@/components/ui';
import { paths } from '@/config/paths';

/** The top bar's avatar, a link to one's profile: alone until first pointed at or focused, then the hover card's trigger. */
export function ProfileAvatarLink({ user, ...props }: { user: User } & Omit<ComponentProps<typeof Link>, 'to'>) {
  return (
    // Named by its (screen-reader) text, not aria-label: the initials shown are decorative, and an
    // aria-label that leaves out visible text is what axe's label-content-name-mismatch refuses.
    <Link
      to={paths.user.profile}
      className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      {...props}
    >
      <Avatar src={user.image} personId={user.id} name={displayName(user)} alt="" size="sm" />
      <span className="sr-only">Your profile</span>
    </Link>
  );
}
