import { Link } from 'react-router';
import { buttonClasses, type ButtonVariant } from '@/components/ui';
import { homeHrefFor, paths } from '@/config/paths';
import { useStoredUser } from '@/lib/use-session';

/** A call to action that needs an account: visitors go to sign in, members to their home. */
export function CtaLink({ children, label, variant = 'primary', className }: { children: string; label?: string; variant?: ButtonVariant; className?: string }) {
  const user = useStoredUser();
  return (
    <Link to={user ? homeHrefFor(user) : paths.login} aria-label={label} className={buttonClasses(variant, 'sm', className)}>
      {children}
    </Link>
  );
}
