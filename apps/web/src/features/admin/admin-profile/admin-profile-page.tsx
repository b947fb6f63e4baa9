import { useQueryClient } from '@tanstack/react-query';
import { postKeys, UserPostsGrid } from '@/features/posts';
import { ProfilePage } from '@/features/profiles';

/** /admin/profile: the administrator's own profile, editable, with their posts (the user area's profile screen). */
export function AdminProfilePage() {
  const queryClient = useQueryClient();
  return (
    <div>
      <ProfilePage
        renderPosts={(userId, isOwn) => <UserPostsGrid userId={userId} isOwn={isOwn} />}
        onProfileUpdated={() => void queryClient.invalidateQueries({ queryKey: postKeys.all })}
      />
    </div>
  );
}
