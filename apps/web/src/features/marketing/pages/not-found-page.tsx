import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-soft-fg">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-accent-fg">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-fg">Page not found</h1>
      <p className="mt-3 text-base text-fg-muted">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClasses('primary', 'md')}>
          Back to home
        </Link>
        <Link to={paths.communities} className={buttonClasses('secondary', 'md')}>
          Browse communities
        </Link>
      </div>
    </div>
  );
}
