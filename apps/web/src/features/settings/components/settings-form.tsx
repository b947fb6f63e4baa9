import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { DASHBOARD_LAYOUTS, PROFILE_VISIBILITIES, THEMES, type Settings, type SettingsWidgets, type Theme } from '@alumlink/contract';
import { Link } from 'react-router';
import { Button, Checkbox } from '@/components/ui';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { setThemeSetting } from '@/lib/theme';
import { useUpdateSettings } from '../api/update-settings';
import { ChoiceGroup, SettingsSection, ToggleRow, type ChoiceOption } from './settings-controls';
import { TurnOffTwoFactorDialog } from './turn-off-two-factor-dialog';

export const SETTINGS_TOASTS = {
  saved: 'Settings saved.',
  failed: 'Failed to save settings. Please try again.',
  twoFactorOff: 'Two-factor authentication is off.',
} as const;

const NOTIFICATION_OPTIONS: readonly ChoiceOption<Settings['notification_type'] | 'SMS'>[] = [
  { value: 'In-App', label: 'In-App' },
  { value: 'Email', label: 'Email' },
  { value: 'SMS', label: 'SMS', disabledNote: 'not available' },
];

const WIDGETS: { key: keyof SettingsWidgets; label: string }[] = [
  { key: 'analytics', label: 'Analytics' },
  { key: 'recent_activity', label: 'Recent Activity' },
  { key: 'upcoming_events', label: 'Upcoming Events' },
  { key: 'job_alerts', label: 'Job Alerts' },
];

const asOptions = <T extends string>(values: readonly T[]): ChoiceOption<T>[] => values.map((value) => ({ value, label: value }));

/** Every setting of the specification, saved together on the server; the theme applies at once. */
export function SettingsForm({ initial }: { initial: Settings }) {
  const [values, setValues] = useState<Settings>(initial);
  const [confirmingTwoFactorOff, setConfirmingTwoFactorOff] = useState(false);
  const twoFactorSwitch = useRef<HTMLElement | null>(null);
  const save = useUpdateSettings();
  const change = <K extends keyof Settings>(key: K, value: Settings[K]) => setValues((current) => ({ ...current, [key]: value }));

  const handleThemeChange = (theme: Theme) => {
    change('theme', theme);
    setThemeSetting(theme);
  };

  // Turning two-factor off is saved at once, behind the current password; turning it on waits for Save.
  const handleTwoFactorChange = (checked: boolean) => {
    if (!checked && initial.two_factor && values.two_factor) {
      twoFactorSwitch.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setConfirmingTwoFactorOff(true);
    } else change('two_factor', checked);
  };

  const handleSave = async () => {
    try {
      const saved = await save.mutateAsync(values);
      setValues(saved);
      toast.success(SETTINGS_TOASTS.saved);
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || SETTINGS_TOASTS.failed);
    }
  };

  return (
    <form
      noValidate
      aria-label="Settings"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSave();
      }}
    >
      <SettingsSection title="Appearance" description="How AlumLink looks on this device and wherever you sign in.">
        <ChoiceGroup legend="Theme" name="theme" options={asOptions(THEMES)} value={values.theme} onChange={handleThemeChange} />
      </SettingsSection>

      <SettingsSection title="Privacy" description="Who sees your profile and what you share.">
        <ChoiceGroup
          legend="Profile visibility"
          name="profile_visibility"
          options={asOptions(PROFILE_VISIBILITIES)}
          value={values.profile_visibility}
          onChange={(value) => change('profile_visibility', value)}
        />
        <ToggleRow
          label="Listed in the directory"
          description="Show you on the People page, where members filter by company, cohort and skills."
          checked={values.listed_in_directory}
          onChange={(checked) => change('listed_in_directory', checked)}
        />
        <ToggleRow
          label="Activity tracking"
          description="Show your posts in other members' recent activity."
          checked={values.activity_tracking}
          onChange={(checked) => change('activity_tracking', checked)}
        />
      </SettingsSection>

      <SettingsSection title="Dashboard" description="How your home feed and its side panel are laid out.">
        <ChoiceGroup
          legend="Dashboard layout"
          name="dashboard_layout"
          options={asOptions(DASHBOARD_LAYOUTS)}
          value={values.dashboard_layout}
          onChange={(value) => change('dashboard_layout', value)}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-fg">Widgets</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WIDGETS.map((widget) => (
              <label
                key={widget.key}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2.5 text-sm text-fg hover:bg-surface-muted"
              >
                <Checkbox
                  checked={values.widgets[widget.key]}
                  onChange={(event) => change('widgets', { ...values.widgets, [widget.key]: event.target.checked })}
                />
                {widget.label}
              </label>
            ))}
          </div>
        </fieldset>
      </SettingsSection>

      <SettingsSection title="Security" description="Protect your account.">
        <ToggleRow
          label="Two-factor authentication"
          description="When you sign in, we also e-mail you a code to enter."
          checked={values.two_factor}
          onChange={handleTwoFactorChange}
        />
        <TurnOffTwoFactorDialog
          open={confirmingTwoFactorOff}
          onOpenChange={setConfirmingTwoFactorOff}
          returnFocusTo={twoFactorSwitch}
          onTurnedOff={() => {
            change('two_factor', false);
            toast.success(SETTINGS_TOASTS.twoFactorOff);
          }}
        />
      </SettingsSection>

      <SettingsSection title="Notifications" description="Where you hear about likes, comments and messages.">
        <ChoiceGroup
          legend="Notification type"
          name="notification_type"
          options={NOTIFICATION_OPTIONS}
          value={values.notification_type}
          onChange={(value) => value !== 'SMS' && change('notification_type', value)}
        />
        <p className="text-sm text-fg-muted">
          In-App turns every notification e-mail off; Email turns them back on.{' '}
          <Link to={paths.user.notificationSettings} className="font-medium text-accent-fg hover:underline">
            Choose type by type, with daily or weekly digests
          </Link>
        </p>
      </SettingsSection>

      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
