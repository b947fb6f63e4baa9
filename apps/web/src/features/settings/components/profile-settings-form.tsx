import { DASHBOARD_LAYOUTS, THEMES, type Settings, type SettingsWidgets, type Theme } from '@alumlink/contract';
import { Button, Checkbox } from '@/components/ui';
import { setThemeSetting } from '@/lib/theme';
import { ChoiceGroup, SettingsSection, asOptions } from './settings-controls';
import { useSettingsSection } from './use-save-settings';

const WIDGETS: { key: keyof SettingsWidgets; label: string }[] = [
  { key: 'analytics', label: 'Analytics' },
  { key: 'recent_activity', label: 'Recent Activity' },
  { key: 'upcoming_events', label: 'Upcoming Events' },
  { key: 'job_alerts', label: 'Job Alerts' },
];

/** Settings → Profile: the theme (applied at once) and the home feed's layout and widgets, one Save. */
export function ProfileSettingsForm({ initial }: { initial: Settings }) {
  const { values, change, save, saving } = useSettingsSection({
    theme: initial.theme,
    dashboard_layout: initial.dashboard_layout,
    widgets: initial.widgets,
  });

  const handleThemeChange = (theme: Theme) => {
    change('theme', theme);
    setThemeSetting(theme);
  };

  return (
    <form
      noValidate
      aria-label="Profile settings"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SettingsSection title="Appearance" description="How AlumLink looks on this device and wherever you sign in.">
        <ChoiceGroup legend="Theme" name="theme" options={asOptions(THEMES)} value={values.theme} onChange={handleThemeChange} />
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

      <div className="flex justify-end">
        <Button type="submit" loading={saving}>
          Save profile settings
        </Button>
      </div>
    </form>
  );
}
