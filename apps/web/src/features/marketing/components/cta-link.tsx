import { Link } from 'react-router';
import type { User } from '@alumlink/contract';
import { buttonClasses, type ButtonVariant } from '@/components/ui';
import { homeHrefFor, paths } from '@/config/paths';
import { useStoredUser } from '@/lib/use-session';

/**
 * Where a static page's action goes: Explore browses the communities (anyone); the others need
 * an account, so visitors sign in first. Signed in, Join Community opens the hub (Join is there)
 * and Connect the user area, whose top bar holds the people search.
 */
export function ctaTarget(action: string, user: User | null): string {
  if (action === 'Explore') return paths.communities;
  if (!user) return paths.login;
  if (action === 'Join Community') return paths.communities;
  return homeHrefFor(user);
}

/** A call to action of the static pages (see ctaTarget for where each goes). */
export function CtaLink({
  children,
  label,
  variant = 'primary',
  className,
}: {
  children: string;
  label?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const user = useStoredUser();
  return (
    <Link to={ctaTarget(children, user)} aria-label={label} className={buttonClasses(variant, 'sm', className)}>
      {children}
    </Link>
  );
}
