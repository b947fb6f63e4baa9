import { useState } from 'react';
import { Button, EmptyState, ErrorState, FormMessage } from '@/components/ui';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useAdminPosts } from './api/get-admin-posts';
import { AdminPostCard } from './components/admin-post-card';
import { MANAGE_POSTS_MESSAGES } from './components/delete-post-reason-dialog';

/** /admin/managepost: every live post, with moderation (delete with a reason) and comments. */
export function ManagePostsPage() {
  const posts = useAdminPosts();
  const [notice, setNotice] = useState<string | null>(null);
  const list = posts.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <AdminPageTitle title="Manage Posts" description="Review posts and remove those that break the rules." />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {posts.isPending ? (
        <div role="status" className="flex items-center justify-center gap-3 py-10 text-fg-muted">
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-primary border-r-transparent" />
          {MANAGE_POSTS_MESSAGES.loading}
        </div>
      ) : null}
      {posts.isError ? <ErrorState message={MANAGE_POSTS_MESSAGES.loadFailed} onRetry={() => void posts.refetch()} /> : null}
      {posts.isSuccess && list.length === 0 ? (
        <EmptyState title={MANAGE_POSTS_MESSAGES.emptyTitle} description={MANAGE_POSTS_MESSAGES.emptyDescription} />
      ) : null}
      {list.length > 0 ? (
        <div className="space-y-4">
          {list.map((post) => (
            <AdminPostCard key={post.id} post={post} onDeleted={(name) => setNotice(MANAGE_POSTS_MESSAGES.deleted(name))} />
          ))}
        </div>
      ) : null}
      {posts.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void posts.fetchNextPage()} loading={posts.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
