import { useQueryClient } from '@tanstack/react-query';
import { MentorBadge, useMentor } from '@/features/mentoring';
import { postKeys, UserPostsGrid } from '@/features/posts';
import { ProfilePage } from '@/features/profiles';
import { getStoredUser } from '@/lib/storage';
import { useLoadedOnce } from '@/lib/use-loaded-once';

/** The Mentor badge, then the posts: they wait for the badge's answer, so it never pushes them down. */
function BadgeAndPosts({ personId, userId, isOwn }: { personId: number; userId: number | null; isOwn: boolean }) {
  const loaded = useLoadedOnce([useMentor(personId)]);
  return (
    <>
      <MentorBadge userId={personId} />
      {loaded ? <UserPostsGrid userId={userId} isOwn={isOwn} /> : null}
    </>
  );
}

/** /user/profile[/:userId]: the profile with its posts grid; saving refreshes posts showing the old name. */
export function UserProfilePage() {
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <ProfilePage
        renderPosts={(userId, isOwn) => {
          // userId is null on one's own profile: the badge is the signed-in person's.
          const personId = userId ?? getStoredUser()?.id ?? null;
          return personId === null ? (
            <UserPostsGrid userId={userId} isOwn={isOwn} />
          ) : (
            <BadgeAndPosts personId={personId} userId={userId} isOwn={isOwn} />
          );
        }}
        onProfileUpdated={() => void queryClient.invalidateQueries({ queryKey: postKeys.all })}
      />
    </div>
  );
}
