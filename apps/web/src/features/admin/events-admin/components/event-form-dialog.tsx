import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { EVENT_LIMITS, type Event } from '@alumlink/contract';
import { Dialog, DialogActions, Field, FormMessage, Input, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useSaveEvent } from '../api/admin-events';
import { eventFormSchema, eventFormValues, eventRequestOf, SERVER_FIELDS, type EventFormValues } from '../event-form-values';
import { knownTimeZones } from '../zoned-time';
import { SpaceSelect } from './space-select';

export interface EventFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The event to edit, or null to create one. */
  event: Event | null;
}

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Create or edit an event; checked here (end after start, an IANA time zone) and again by the server, whose field errors show under their fields. */
export function EventFormDialog({ open, onOpenChange, event }: EventFormDialogProps) {
  const save = useSaveEvent(event?.id ?? null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<EventFormValues>({ resolver: zodResolver(eventFormSchema), defaultValues: eventFormValues(event, viewerZone()) });
  const { register, formState } = form;
  const formId = `event-form-${event?.id ?? 'new'}`;
  const zonesId = useId();
  const zones = useMemo(() => (open ? knownTimeZones() : []), [open]);

  useEffect(() => {
    if (open) {
      form.reset(eventFormValues(event, viewerZone()));
      setServerError(null);
    }
  }, [open, event, form]);

  const handleValidSubmit = async (values: EventFormValues) => {
    setServerError(null);
    try {
      await save.mutateAsync(eventRequestOf(values));
      toast.success(event ? 'Event updated.' : 'Event created.');
      onOpenChange(false);
    } catch (error) {
      let fieldMatched = false;
      if (isApiError(error)) {
        for (const [serverField, formField] of Object.entries(SERVER_FIELDS)) {
          const message = error.fieldErrors[serverField]?.[0];
          if (message) {
            form.setError(formField, { message });
            fieldMatched = true;
          }
        }
      }
      if (!fieldMatched) setServerError((isApiError(error) && error.serverMessage) || 'Failed to save the event. Please try again.');
    }
  };

  const errorOf = (field: keyof EventFormValues) => formState.errors[field]?.message ?? null;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? 'Edit event' : 'Create event'}
      className="max-w-2xl"
      footer={<DialogActions action={event ? 'Save changes' : 'Create event'} form={formId} loading={formState.isSubmitting} />}
    >
      <form id={formId} noValidate onSubmit={(e) => void form.handleSubmit(handleValidSubmit)(e)} className="space-y-4">
        {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
        <Field label="Title" error={errorOf('title')}>
          <Input maxLength={EVENT_LIMITS.titleMax} {...register('title')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Starts" error={errorOf('starts_local')}>
            <Input type="datetime-local" {...register('starts_local')} />
          </Field>
          <Field label="Ends" error={errorOf('ends_local')}>
            <Input type="datetime-local" {...register('ends_local')} />
          </Field>
        </div>
        <Field label="Time zone" hint="Its IANA name, e.g. Europe/Oslo; the times above are in it." error={errorOf('time_zone')}>
          <Input list={zonesId} autoComplete="off" maxLength={EVENT_LIMITS.timeZoneMax} {...register('time_zone')} />
        </Field>
        <datalist id={zonesId}>
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <Field label="Venue" hint="An address, a room, or a link for an online event." error={errorOf('venue')}>
          <Input maxLength={EVENT_LIMITS.venueMax} {...register('venue')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Host" labelSuffix="(optional)" error={errorOf('host')}>
            <Input maxLength={EVENT_LIMITS.hostMax} {...register('host')} />
          </Field>
          <Field label="Category" labelSuffix="(optional)" error={errorOf('category')}>
            <Input maxLength={EVENT_LIMITS.categoryMax} {...register('category')} />
          </Field>
          <Field label="Places" labelSuffix="(optional)" hint="Empty for no limit." error={errorOf('capacity')}>
            <Input inputMode="numeric" {...register('capacity')} />
          </Field>
        </div>
        <Field
          label="Space"
          labelSuffix="(optional)"
          hint="A members-only space’s events are shown to its members alone."
          error={errorOf('community_id')}
        >
          <SpaceSelect enabled={open} {...register('community_id')} />
        </Field>
        <Field label="Description" labelSuffix="(optional)" error={errorOf('description')}>
          <Textarea rows={4} maxLength={EVENT_LIMITS.descriptionMax} {...register('description')} />
        </Field>
      </form>
    </Dialog>
  );
}
