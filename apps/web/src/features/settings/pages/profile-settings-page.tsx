import { MentorProfileCard } from '@/features/mentoring';
import { useStoredUser } from '@/lib/use-session';
import { ProfileSettingsForm } from '../components/profile-settings-form';
import { WithSettings } from '../components/settings-loader';

/** /user/settings/profile: appearance and home layout; alumni and admins also keep their mentor card here. */
export function ProfileSettingsPage() {
  const user = useStoredUser();
  return (
    <div className="space-y-6">
      <WithSettings>{(settings) => <ProfileSettingsForm initial={settings} />}</WithSettings>
      {user?.role === 'AL' || user?.role === 'AD' ? <MentorProfileCard /> : null}
    </div>
  );
}
