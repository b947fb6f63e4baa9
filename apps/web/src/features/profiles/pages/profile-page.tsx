import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { PROFILE_MESSAGES, type User } from '@alumlink/contract';
import { ErrorState, Skeleton, TitledSection } from '@/components/ui';
import { useStoredUser } from '@/lib/use-session';
import { useProfile } from '../api/get-profile';
import { EditProfileDialog } from '../components/edit-profile-dialog';
import { ProfileHeader } from '../components/profile-header';

function parseUserId(raw: string | undefined): number | null | 'invalid' {
  if (raw === undefined || raw === '') return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}

export interface ProfilePageProps {
  /** The posts grid under the header (composed by the app from the posts feature). */
  renderPosts?: (userId: number | null, isOwn: boolean) => ReactNode;
  /** Called after the owner saved changes, e.g. to refresh posts showing the old name. */
  onProfileUpdated?: (user: User) => void;
}

/** /user/profile and /user/profile/:userId: one's own profile (editable) or someone else's. */
export function ProfilePage({ renderPosts, onProfileUpdated }: ProfilePageProps) {
  const params = useParams();
  const me = useStoredUser();
  const requested = parseUserId(params.userId);
  const isOwn = requested === null || requested === me?.id;
  const profile = useProfile(requested === 'invalid' ? null : isOwn ? 'me' : requested);
  const [editOpen, setEditOpen] = useState(false);

  if (requested === 'invalid' || profile.isError) {
    return (
      <ErrorState message={PROFILE_MESSAGES.loadFailed} onRetry={requested === 'invalid' ? undefined : () => void profile.refetch()} />
    );
  }
  if (profile.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading profile
        </span>
        <Skeleton className="h-72 w-full rounded-(--radius-card)" />
      </div>
    );
  }

  const user = profile.data;
  return (
    <div className="space-y-6">
      <ProfileHeader user={user} isOwn={isOwn} onEdit={() => setEditOpen(true)} />
      <TitledSection id="profile-posts" title="Posts" className="space-y-3">
        {renderPosts?.(isOwn ? null : user.id, isOwn)}
      </TitledSection>
      {isOwn ? <EditProfileDialog user={user} open={editOpen} onOpenChange={setEditOpen} onUpdated={onProfileUpdated} /> : null}
    </div>
  );
}
