import { useQueryClient } from '@tanstack/react-query';
import { MentorBadge } from '@/features/mentoring';
import { postKeys, UserPostsGrid } from '@/features/posts';
import { ProfilePage } from '@/features/profiles';

/** /user/profile[/:userId]: the profile with its posts grid; saving refreshes posts showing the old name. */
export function UserProfilePage() {
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <ProfilePage
        renderPosts={(userId, isOwn) => (
          <>
            {userId === null ? null : <MentorBadge userId={userId} />}
            <UserPostsGrid userId={userId} isOwn={isOwn} />
          </>
        )}
        onProfileUpdated={() => void queryClient.invalidateQueries({ queryKey: postKeys.all })}
      />
    </div>
  );
}
