import { Check, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import toast from 'react-hot-toast';
import type { Community } from '@alumlink/contract';
import { Badge, Button, buttonClasses, Card } from '@/components/ui';
import { paths, spaceHref } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useStoredUser } from '@/lib/use-session';
import { useCommunityMembership } from '../api/set-membership';
import { CommunityIcon } from './community-icon';

/** Join or leave the community (the card's and the space page's button). */
export function MembershipButton({ community }: { community: Community }) {
  const membership = useCommunityMembership(community.slug);
  const handleClick = async () => {
    const join = !community.is_member;
    try {
      await membership.mutateAsync(join);
      toast.success(join ? `You joined ${community.name}.` : `You left ${community.name}.`);
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || 'Failed to update your membership. Please try again.');
    }
  };
  return community.is_member ? (
    <Button
      variant="secondary"
      size="sm"
      className="mt-5 w-full"
      onClick={() => void handleClick()}
      loading={membership.isPending}
      aria-label={`Leave: ${community.name}`}
    >
      Leave
    </Button>
  ) : (
    <Button
      size="sm"
      className="mt-5 w-full"
      onClick={() => void handleClick()}
      loading={membership.isPending}
      aria-label={`Join Community: ${community.name}`}
    >
      Join Community
    </Button>
  );
}

export function CommunityCard({ community }: { community: Community }) {
  const user = useStoredUser();
  const location = useLocation();
  return (
    <Card className="flex h-full flex-col p-5 transition-shadow hover:shadow-(--shadow-raised)" role="article" aria-label={community.name}>
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
          <CommunityIcon name={community.icon} className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-fg">
            {user ? (
              <Link to={spaceHref(community.slug)} className="hover:underline">
                {community.name}
              </Link>
            ) : (
              community.name
            )}
          </h2>
          <p className="mt-0.5 flex items-center gap-1 text-xs text-fg-subtle">
            <Users aria-hidden="true" className="size-3.5" />
            {formatCount(community.members_count)} {community.members_count === 1 ? 'member' : 'members'}
          </p>
        </div>
        {community.is_member ? (
          <Badge tone="success" className="ml-auto">
            <Check aria-hidden="true" className="size-3.5" />
            Member
          </Badge>
        ) : null}
      </div>
      <p className="mt-4 flex-1 text-sm leading-6 text-fg-muted">{community.description}</p>
      {user ? (
        <MembershipButton community={community} />
      ) : (
        <Link
          to={paths.login}
          state={{ from: location.pathname }}
          className={buttonClasses('secondary', 'sm', 'mt-5 w-full')}
          aria-label={`Join Community: ${community.name}`}
        >
          Join Community
        </Link>
      )}
    </Card>
  );
}
