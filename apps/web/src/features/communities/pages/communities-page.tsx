import { Card, EmptyState, ErrorState, PageHeader, Skeleton } from '@/components/ui';
import { useCommunities } from '../api/get-communities';
import { CommunityCard } from '../components/community-card';
import { WhyJoin } from '../components/why-join';

function CommunityGridSkeleton() {
  return (
    <div role="status" aria-label="Loading communities" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} className="space-y-4 p-5">
          <div className="flex gap-4">
            <Skeleton className="size-12 rounded-2xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-9 w-full" />
        </Card>
      ))}
    </div>
  );
}

export function CommunitiesPage() {
  const communities = useCommunities();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        eyebrow="Communities"
        title="Find your people"
        description="Join communities built around the skills and industries you care about."
      />
      <section aria-label="Communities" className="mt-10">
        {communities.isPending ? (
          <CommunityGridSkeleton />
        ) : communities.isError ? (
          <ErrorState
            message="Failed to load communities. Please try again."
            onRetry={() => void communities.refetch()}
            retryLabel="Try again"
          />
        ) : communities.data.length === 0 ? (
          <EmptyState title="No communities yet" description="Communities will appear here as soon as they are created." />
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {communities.data.map((community) => (
              <li key={community.id}>
                <CommunityCard community={community} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <WhyJoin />
    </div>
  );
}
