import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  FIELD_AUDIENCES,
  PRIVATE_FIELDS,
  PROFILE_VISIBILITIES,
  type FieldAudience,
  type FieldPrivacy,
  type PrivateField,
  type Settings,
} from '@alumlink/contract';
import { Button, ErrorState, Select, Skeleton } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useFieldPrivacy, useUpdateFieldPrivacy } from '../api/field-privacy';
import { useUpdateSettings } from '../api/update-settings';
import { ChoiceGroup, SettingsSection, ToggleRow, asOptions } from './settings-controls';

export const FIELD_PRIVACY_TEXTS = {
  form: 'Privacy',
  title: 'Who sees your details',
  description: 'Choose who may see each detail of your profile. Admins always see everything; a hidden detail is never matched by search.',
  saved: 'Privacy saved.',
  failed: 'Failed to save your privacy choices. Please try again.',
  loadFailed: 'Failed to load your privacy choices.',
} as const;

const FIELD_LABELS: Record<PrivateField, string> = {
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  location: 'Location',
  cohort_year: 'Cohort year',
  skills: 'Skills',
};

const AUDIENCE_LABELS: Record<FieldAudience, string> = {
  everyone: 'Everyone',
  connections: 'Connections',
  only_me: 'Only me',
};

type ProfilePrivacy = Pick<Settings, 'profile_visibility' | 'listed_in_directory' | 'activity_tracking'>;

/** Settings → Privacy: the profile's audience and listing, and an audience per detail, under one Save. */
export function PrivacySettingsForm({ initial }: { initial: Settings }) {
  const privacy = useFieldPrivacy();
  if (privacy.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        {PRIVATE_FIELDS.map((field) => (
          <Skeleton key={field} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (privacy.isError) return <ErrorState message={FIELD_PRIVACY_TEXTS.loadFailed} onRetry={() => void privacy.refetch()} />;
  return (
    <PrivacyForm
      initialProfile={{
        profile_visibility: initial.profile_visibility,
        listed_in_directory: initial.listed_in_directory,
        activity_tracking: initial.activity_tracking,
      }}
      initialFields={privacy.data}
    />
  );
}

function PrivacyForm({ initialProfile, initialFields }: { initialProfile: ProfilePrivacy; initialFields: FieldPrivacy }) {
  const [profile, setProfile] = useState(initialProfile);
  const [fields, setFields] = useState(initialFields);
  const [saved, setSaved] = useState({ profile: initialProfile, fields: initialFields });
  const saveSettings = useUpdateSettings();
  const saveFields = useUpdateFieldPrivacy();
  const baseId = useId();
  const profileChanged = (Object.keys(profile) as (keyof ProfilePrivacy)[]).some((key) => profile[key] !== saved.profile[key]);
  const fieldsChanged = PRIVATE_FIELDS.some((field) => fields[field] !== saved.fields[field]);
  const changeProfile = <K extends keyof ProfilePrivacy>(key: K, value: ProfilePrivacy[K]) =>
    setProfile((current) => ({ ...current, [key]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const nextProfile = profileChanged ? await saveSettings.mutateAsync(profile) : saved.profile;
      const nextFields = fieldsChanged ? await saveFields.mutateAsync(fields) : saved.fields;
      const profileNow = {
        profile_visibility: nextProfile.profile_visibility,
        listed_in_directory: nextProfile.listed_in_directory,
        activity_tracking: nextProfile.activity_tracking,
      };
      setProfile(profileNow);
      setFields(nextFields);
      setSaved({ profile: profileNow, fields: nextFields });
      toast.success(FIELD_PRIVACY_TEXTS.saved);
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || FIELD_PRIVACY_TEXTS.failed);
    }
  };

  return (
    <form noValidate aria-label={FIELD_PRIVACY_TEXTS.form} className="space-y-5" onSubmit={(event) => void handleSubmit(event)}>
      <SettingsSection title="Your profile" description="Who sees your profile and what you share.">
        <ChoiceGroup
          legend="Profile visibility"
          name="profile_visibility"
          options={asOptions(PROFILE_VISIBILITIES)}
          value={profile.profile_visibility}
          onChange={(value) => changeProfile('profile_visibility', value)}
        />
        <ToggleRow
          label="Listed in the directory"
          description="Show you on the People page, where members filter by company, cohort and skills."
          checked={profile.listed_in_directory}
          onChange={(checked) => changeProfile('listed_in_directory', checked)}
        />
        <ToggleRow
          label="Activity tracking"
          description="Show your posts in other members' recent activity."
          checked={profile.activity_tracking}
          onChange={(checked) => changeProfile('activity_tracking', checked)}
        />
      </SettingsSection>
      <SettingsSection title={FIELD_PRIVACY_TEXTS.title} description={FIELD_PRIVACY_TEXTS.description}>
        <ul className="divide-y divide-border rounded-xl border border-border">
          {PRIVATE_FIELDS.map((field) => {
            const id = `${baseId}-${field}`;
            return (
              <li key={field} className="flex flex-col gap-1.5 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between">
                <label htmlFor={id} className="text-sm font-medium text-fg">
                  {FIELD_LABELS[field]}
                </label>
                <div className="w-full sm:w-48">
                  <Select
                    id={id}
                    value={fields[field]}
                    onChange={(event) => setFields((current) => ({ ...current, [field]: event.target.value as FieldAudience }))}
                  >
                    {FIELD_AUDIENCES.map((audience) => (
                      <option key={audience} value={audience}>
                        {AUDIENCE_LABELS[audience]}
                      </option>
                    ))}
                  </Select>
                </div>
              </li>
            );
          })}
        </ul>
        <p className="text-xs text-fg-muted">
          Connections are the people you have both written to in a conversation, and your accepted mentors and mentees.
        </p>
      </SettingsSection>
      <div className="flex justify-end">
        <Button type="submit" loading={saveSettings.isPending || saveFields.isPending} disabled={!profileChanged && !fieldsChanged}>
          Save privacy
        </Button>
      </div>
    </form>
  );
}
