import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FIELD_AUDIENCES, PRIVATE_FIELDS, type FieldAudience, type FieldPrivacy, type PrivateField } from '@alumlink/contract';
import { Button, ErrorState, Select, Skeleton } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useFieldPrivacy, useUpdateFieldPrivacy } from '../api/field-privacy';
import { SettingsSection } from './settings-controls';

export const FIELD_PRIVACY_TEXTS = {
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

/** Settings → "Who sees your details": an audience per private field, saved together. */
export function FieldPrivacySection() {
  const privacy = useFieldPrivacy();
  return (
    <SettingsSection title={FIELD_PRIVACY_TEXTS.title} description={FIELD_PRIVACY_TEXTS.description}>
      {privacy.isPending ? (
        <div className="space-y-2" aria-busy="true">
          {PRIVATE_FIELDS.map((field) => (
            <Skeleton key={field} className="h-10 w-full" />
          ))}
        </div>
      ) : privacy.isError ? (
        <ErrorState message={FIELD_PRIVACY_TEXTS.loadFailed} onRetry={() => void privacy.refetch()} />
      ) : (
        <FieldPrivacyForm initial={privacy.data} />
      )}
      <p className="text-xs text-fg-muted">
        Connections are the people you have both written to in a conversation, and your accepted mentors and mentees.
      </p>
    </SettingsSection>
  );
}

function FieldPrivacyForm({ initial }: { initial: FieldPrivacy }) {
  const [values, setValues] = useState(initial);
  const save = useUpdateFieldPrivacy();
  const baseId = useId();
  const changed = PRIVATE_FIELDS.some((field) => values[field] !== initial[field]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync(values);
      toast.success(FIELD_PRIVACY_TEXTS.saved);
    } catch (error) {
      toast.error((isApiError(error) && error.serverMessage) || FIELD_PRIVACY_TEXTS.failed);
    }
  };

  return (
    <form noValidate aria-label={FIELD_PRIVACY_TEXTS.title} className="space-y-4" onSubmit={(event) => void handleSubmit(event)}>
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
                  value={values[field]}
                  onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value as FieldAudience }))}
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
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={save.isPending} disabled={!changed}>
          Save privacy
        </Button>
      </div>
    </form>
  );
}
