import { UserX } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { EmptyState, Spinner } from '@/components/ui';
import { profileHref } from '@/config/paths';
import { useProfileByUsername } from '../api/get-profile-by-username';

/** /user/u/:username, where an @mention links: on to the person's profile, or "not found" (unknown, or hidden from the viewer). */
export function MentionProfilePage() {
  const username = (useParams().username ?? '').toLowerCase();
  const profile = useProfileByUsername(username);
  if (profile.data) return <Navigate to={profileHref(profile.data.id)} replace />;
  return (
    <div className="mx-auto w-full max-w-2xl py-10">
      {profile.isPending ? (
        <Spinner label={`Opening @${username}`} />
      ) : (
        <EmptyState
          icon={<UserX aria-hidden="true" className="size-6" />}
          title={`No one to show as @${username}`}
          description="The person may not exist, or may not show their profile to you."
        />
      )}
    </div>
  );
}
