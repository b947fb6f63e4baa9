import { useQueryClient } from '@tanstack/react-query';
import { MentorBadge } from '@/features/mentoring';
import { postKeys, UserPostsGrid } from '@/features/posts';
import { ProfilePage } from '@/features/profiles';
import { getStoredUser } from '@/lib/storage';

/** /user/profile[/:userId]: the profile with its posts grid; saving refreshes posts showing the old name. */
export function UserProfilePage() {
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <ProfilePage
        renderPosts={(userId, isOwn) => {
          // userId is null on one's own profile: the badge is the signed-in person's.
          const personId = userId ?? getStoredUser()?.id ?? null;
          return (
            <>
              {personId === null ? null : <MentorBadge userId={personId} />}
              <UserPostsGrid userId={userId} isOwn={isOwn} />
            </>
          );
        }}
        onProfileUpdated={() => void queryClient.invalidateQueries({ queryKey: postKeys.all })}
      />
    </div>
  );
}
