import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  EMAIL_FREQUENCIES,
  EMAIL_FREQUENCY_LABELS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  emailChoicesForChannel,
  emailFrequencySchema,
  notificationChannelOf,
  updateNotificationSettingsRequestSchema,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreference,
  type NotificationSettings,
} from '@alumlink/contract';
import { Button, Card, FormMessage, Select, TableHead } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ChoiceGroup, type ChoiceOption } from './settings-controls';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

export const NOTIFICATION_SETTINGS_TEXTS = {
  saved: 'Notification settings saved.',
  failed: 'Failed to save notification settings. Please try again.',
  invalid: 'Some choices are not valid. Please check them.',
} as const;

type Types = NotificationSettings['types'];

const CHANNEL_OPTIONS: readonly ChoiceOption<NotificationChannel | 'SMS'>[] = [
  { value: 'In-App', label: 'In-App' },
  { value: 'Email', label: 'Email' },
  { value: 'SMS', label: 'SMS', disabledNote: 'not available' },
];

/** The specification's single setting, applied to the table below (the server reads it back from the table). */
const COLUMNS = [
  { label: 'Type', className: 'px-3 sm:px-5' },
  { label: 'In the app', className: 'px-2 text-center' },
  { label: 'By e-mail', className: 'px-3 sm:px-5' },
];

function applyChannel(types: Types, channel: NotificationChannel): Types {
  const changes = emailChoicesForChannel(channel, types);
  const next = { ...types };
  for (const category of NOTIFICATION_CATEGORIES) {
    const email = changes[category];
    if (email) next[category] = { ...next[category], email };
  }
  return next;
}

/** The table of notification types × in-app switch and e-mail select, saved together. */
export function NotificationSettingsForm({ initial }: { initial: Types }) {
  const [types, setTypes] = useState<Types>(initial);
  const [saved, setSaved] = useState<Types>(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateNotificationSettings();
  const changed = NOTIFICATION_CATEGORIES.some(
    (category) => types[category].in_app !== saved[category].in_app || types[category].email !== saved[category].email,
  );

  const change = (category: NotificationCategory, patch: Partial<NotificationPreference>) =>
    setTypes((current) => ({ ...current, [category]: { ...current[category], ...patch } }));

  const handleSave = async () => {
    setError(null);
    const body = updateNotificationSettingsRequestSchema.safeParse({ types });
    if (!body.success) {
      setError(NOTIFICATION_SETTINGS_TEXTS.invalid);
      return;
    }
    try {
      const answer = await save.mutateAsync(body.data);
      setTypes(answer.types);
      setSaved(answer.types);
      toast.success(NOTIFICATION_SETTINGS_TEXTS.saved);
    } catch (caught) {
      setError((isApiError(caught) && caught.serverMessage) || NOTIFICATION_SETTINGS_TEXTS.failed);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSave();
      }}
    >
      <ChoiceGroup
        legend="Notification type"
        name="notification_type"
        options={CHANNEL_OPTIONS}
        value={notificationChannelOf(types)}
        onChange={(channel) => channel !== 'SMS' && setTypes((current) => applyChannel(current, channel))}
      />
      <p className="text-sm text-fg-muted">In-App turns every notification e-mail off; Email turns them back on. Or choose type by type:</p>
      <Card className="overflow-hidden">
        <table className="w-full text-sm">
          <caption className="sr-only">Notification types: in the app and by e-mail</caption>
          <TableHead
            className="bg-surface-muted text-left text-xs font-semibold tracking-wide text-fg-muted uppercase"
            cellClassName="py-2.5"
            columns={COLUMNS}
          />
          <tbody className="divide-y divide-border">
            {NOTIFICATION_CATEGORIES.map((category) => (
              <NotificationTypeRow
                key={category}
                category={category}
                value={types[category]}
                onChange={(patch) => change(category, patch)}
              />
            ))}
          </tbody>
        </table>
      </Card>
      <p className="text-sm text-fg-muted">Daily and weekly: one digest e-mail collects everything new (none when nothing happened).</p>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={!changed}>
          Save notification settings
        </Button>
      </div>
    </form>
  );
}

function NotificationTypeRow({
  category,
  value,
  onChange,
}: {
  category: NotificationCategory;
  value: NotificationPreference;
  onChange: (patch: Partial<NotificationPreference>) => void;
}) {
  const label = NOTIFICATION_CATEGORY_LABELS[category];
  const selectId = `notification-email-${category}`;
  return (
    <tr>
      <th scope="row" className="px-3 py-3 text-left font-medium text-fg sm:px-5">
        {label}
      </th>
      <td className="px-2 py-3 text-center">
        <button
          type="button"
          role="switch"
          aria-checked={value.in_app}
          aria-label={`${label} in the app`}
          onClick={() => onChange({ in_app: !value.in_app })}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full align-middle transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            value.in_app ? 'bg-primary' : 'bg-border-strong',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'block size-5 rounded-full bg-white shadow transition-transform',
              value.in_app ? 'translate-x-5.5' : 'translate-x-0.5',
            )}
          />
        </button>
      </td>
      <td className="px-3 py-3 sm:px-5">
        <label htmlFor={selectId} className="sr-only">
          {`${label} by e-mail`}
        </label>
        <Select
          id={selectId}
          value={value.email}
          onChange={(event) => {
            const email = emailFrequencySchema.safeParse(event.target.value);
            if (email.success) onChange({ email: email.data });
          }}
          className="w-full min-w-0 sm:w-48"
        >
          {EMAIL_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {EMAIL_FREQUENCY_LABELS[frequency]}
            </option>
          ))}
        </Select>
      </td>
    </tr>
  );
}
