import { UserRoundSearch } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses, Card } from '@/components/ui';
import { homeHrefFor, paths } from '@/config/paths';
import { useStoredUser } from '@/lib/use-session';

export function FindPeopleCard() {
  const user = useStoredUser();
  return (
    <Card className="flex h-full flex-col p-6">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
        <UserRoundSearch aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-fg">Find people you know</h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-fg-muted">
        Classmates, mentors and colleagues are already here. Reconnect and see what they are working on.
      </p>
      <Link to={user ? homeHrefFor(user) : paths.login} className={buttonClasses('primary', 'md', 'mt-5 self-start')}>
        Find people
      </Link>
    </Card>
  );
}
