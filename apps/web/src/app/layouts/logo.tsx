import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** The AlumLink mark and name, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    // Named for when a narrow top bar hides the text next to the mark.
    <Link
      to={paths.home}
      aria-label="AlumLink home"
      className={cn(
        'inline-flex items-center gap-2 rounded-lg font-bold tracking-tight text-fg focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M9 22l7-13 7 13M12 17h8" stroke="#fff" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="text-lg">
        Alum<span className="text-accent-fg">Link</span>
      </span>
    </Link>
  );
}
