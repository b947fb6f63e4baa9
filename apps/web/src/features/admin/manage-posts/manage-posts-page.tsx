import { useState } from 'react';
import { EmptyState, FormMessage, PagedList } from '@/components/ui';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useAdminPosts } from './api/get-admin-posts';
import { AdminPostCard } from './components/admin-post-card';
import { MANAGE_POSTS_MESSAGES } from './components/delete-post-reason-dialog';

/** /admin/managepost: every live post, with moderation (delete with a reason) and comments. */
export function ManagePostsPage() {
  const posts = useAdminPosts();
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="space-y-5">
      <AdminPageTitle title="Manage Posts" description="Review posts and remove those that break the rules." />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <PagedList
        query={posts}
        loading={MANAGE_POSTS_MESSAGES.loading}
        error={MANAGE_POSTS_MESSAGES.loadFailed}
        empty={<EmptyState title={MANAGE_POSTS_MESSAGES.emptyTitle} description={MANAGE_POSTS_MESSAGES.emptyDescription} />}
        render={(list) => (
          <div className="space-y-4">
            {list.map((post) => (
              <AdminPostCard key={post.id} post={post} onDeleted={(name) => setNotice(MANAGE_POSTS_MESSAGES.deleted(name))} />
            ))}
          </div>
        )}
      />
    </div>
  );
}
