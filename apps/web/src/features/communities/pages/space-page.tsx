import { Lock, MessagesSquare, PenSquare, ShieldCheck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { Avatar, Badge, Button, Card, EmptyState, ErrorState, Spinner } from '@/components/ui';
import { PostList, useCreatePost } from '@/features/posts';
import { useLoadedOnce } from '@/lib/use-loaded-once';
import { useSpace, useSpaceEvents, useSpaceMembers, useSpaceModerators, useSpacePosts } from '../api/get-space';
import { CommunityIcon } from '../components/community-icon';
import { MembershipButton } from '../components/community-card';
import { SpaceEvents, SpaceMembers } from '../components/space-sidebar';

/** /user/communities/:slug: a community as a space — its header, feed, upcoming events, members and moderators (decision 034). */
export function SpacePage() {
  const slug = useParams().slug ?? '';
  const space = useSpace(slug);
  const feed = useSpacePosts(slug);
  const moderators = useSpaceModerators(slug);
  const { openCreatePost } = useCreatePost();
  const locked = space.data !== undefined && space.data.visibility === 'members' && !space.data.is_member;
  // The side column (below the posts on a phone) shows once the posts are on the page and its own
  // lists are in: it is never pushed down by the posts, nor its cards by the lists above them.
  const [postsShown, setPostsShown] = useState(false);
  const handlePostsShown = useCallback(() => setPostsShown(true), []);
  const loaded = useLoadedOnce([
    space,
    { isLoading: !(postsShown || feed.isError || locked) },
    useSpaceEvents(slug),
    useSpaceMembers(slug, space.data !== undefined && !locked),
    moderators,
  ]);

  if (space.isPending) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading the community" />
      </div>
    );
  }
  if (space.isError) return <ErrorState message="Failed to load this community." onRetry={() => void space.refetch()} />;
  const community = space.data;
  const membersOnly = community.visibility === 'members';

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <Card className="p-5 lg:col-span-2">
        <div className="flex flex-wrap items-start gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
            <CommunityIcon name={community.icon} className="size-7" />
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-semibold text-fg">{community.name}</h1>
            <p className="mt-1 text-sm text-fg-muted">{community.description}</p>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-fg-subtle">
              <Badge tone={membersOnly ? 'brand' : 'neutral'}>
                {membersOnly ? <Lock aria-hidden="true" className="size-3" /> : null}
                {membersOnly ? 'Members only' : 'Public'}
              </Badge>
              <span>{community.members_count} members</span>
            </p>
          </div>
          <div className="w-full sm:w-40">
            <MembershipButton community={community} />
          </div>
        </div>
      </Card>

      <section aria-label="Posts in this community" className="min-w-0 space-y-4">
        {community.is_member ? (
          <Button
            variant="secondary"
            className="w-full justify-start"
            onClick={() => openCreatePost({ id: community.id, name: community.name, onPosted: () => void feed.refetch() })}
          >
            <PenSquare aria-hidden="true" className="size-4" /> Post in {community.name}
          </Button>
        ) : null}
        {locked ? (
          <EmptyState
            icon={<Lock aria-hidden="true" className="size-6" />}
            title="Members only"
            description="Join this community to read and write its posts."
          />
        ) : (
          <PostList
            query={feed}
            onShown={handlePostsShown}
            empty={
              <EmptyState
                icon={<MessagesSquare aria-hidden="true" className="size-6" />}
                title="No posts here yet"
                description="Posts made in this community show here."
              />
            }
          />
        )}
      </section>

      {loaded ? (
        <aside className="space-y-4">
          <SpaceEvents slug={slug} />
          <SpaceMembers slug={slug} locked={locked} />
          <Card className="p-4">
            <h2 className="flex items-center gap-2 text-sm font-semibold text-fg">
              <ShieldCheck aria-hidden="true" className="size-4" /> Moderators
            </h2>
            {moderators.data && moderators.data.results.length > 0 ? (
              <ul className="mt-3 space-y-2" aria-label="Moderators">
                {moderators.data.results.map((person) => {
                  const name = `${person.first_name} ${person.last_name}`;
                  return (
                    <li key={person.id} className="flex items-center gap-2 text-sm text-fg">
                      <Avatar src={person.image} personId={person.id} name={name} alt="" size="sm" />
                      <span className="truncate">{name}</span>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-fg-subtle">{moderators.isPending ? 'Loading…' : 'No moderators named yet.'}</p>
            )}
          </Card>
        </aside>
      ) : null}
    </div>
  );
}
