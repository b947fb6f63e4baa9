import { MentorProfileCard, useMentorProfile } from '@/features/mentoring';
import { useStoredUser } from '@/lib/use-session';
import { ProfileSettingsForm } from '../components/profile-settings-form';
import { WithSettings } from '../components/settings-loader';

/**
 * /user/settings/profile: appearance and home layout; alumni and admins also keep their mentor card
 * here. The card comes with the form, below it (never first, to be pushed down when the form
 * arrives); its data loads alongside the settings.
 */
export function ProfileSettingsPage() {
  const user = useStoredUser();
  const canMentor = user?.role === 'AL' || user?.role === 'AD';
  useMentorProfile({ enabled: canMentor });
  return (
    <WithSettings>
      {(settings) => (
        <div className="space-y-6">
          <ProfileSettingsForm initial={settings} />
          {canMentor ? <MentorProfileCard /> : null}
        </div>
      )}
    </WithSettings>
  );
}
