import { useQueryClient } from '@tanstack/react-query';
import { postKeys, UserPostsGrid } from '@/features/posts';
import { ProfilePage } from '@/features/profiles';

/** /user/profile[/:userId]: the profile with its posts grid; saving refreshes posts showing the old name. */
export function UserProfilePage() {
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <ProfilePage
        renderPosts={(userId, isOwn) => <UserPostsGrid userId={userId} isOwn={isOwn} />}
        onProfileUpdated={() => void queryClient.invalidateQueries({ queryKey: postKeys.all })}
      />
    </div>
  );
}
