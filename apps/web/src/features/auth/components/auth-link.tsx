import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A text link of the auth screens (to sign up, back to sign in, to reset a password). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="rounded font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring">
      {children}
    </Link>
  );
}

/** The footer of the screens that make an account: "Already have an account? Sign in". */
export function SignInInstead() {
  return (
    <>
      Already have an account? <AuthLink to={paths.login}>Sign in</AuthLink>
    </>
  );
}
