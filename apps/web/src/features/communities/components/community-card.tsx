import { Users } from 'lucide-react';
import { Link } from 'react-router';
import type { Community } from '@alumlink/contract';
import { buttonClasses, Card } from '@/components/ui';
import { homeHrefFor, paths } from '@/config/paths';
import { useStoredUser } from '@/lib/use-session';
import { CommunityIcon } from './community-icon';

const memberCount = new Intl.NumberFormat('en');

export function CommunityCard({ community }: { community: Community }) {
  const user = useStoredUser();
  // Membership arrives with its own issue; until then visitors go to sign in.
  const joinHref = user ? homeHrefFor(user) : paths.login;
  return (
    <Card className="flex h-full flex-col p-5 transition-shadow hover:shadow-(--shadow-raised)">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
          <CommunityIcon name={community.icon} className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-fg">{community.name}</h2>
          <p className="mt-0.5 flex items-center gap-1 text-xs text-fg-subtle">
            <Users aria-hidden="true" className="size-3.5" />
            {memberCount.format(community.members_count)} {community.members_count === 1 ? 'member' : 'members'}
          </p>
        </div>
      </div>
      <p className="mt-4 flex-1 text-sm leading-6 text-fg-muted">{community.description}</p>
      <Link to={joinHref} className={buttonClasses('secondary', 'sm', 'mt-5 w-full')} aria-label={`Join Community: ${community.name}`}>
        Join Community
      </Link>
    </Card>
  );
}
