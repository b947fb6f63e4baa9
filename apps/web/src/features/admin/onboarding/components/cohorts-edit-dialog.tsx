import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { updateCohortRequestSchema, type Cohort } from '@alumlink/contract';
import { z } from 'zod';
import { Button, Dialog, Field, FormMessage, Input } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useUpdateCohort, type UpdateCohortValues } from '../api/cohorts-update';

type DatesFormValues = { intern_from: string; alumni_from: string };

/** The contract's rules, after an empty intern date becomes "no internship step". */
const datesFormSchema = z.preprocess(
  (values) => ({ ...(values as DatesFormValues), intern_from: (values as DatesFormValues).intern_from || null }),
  updateCohortRequestSchema,
);
const FIELDS = ['intern_from', 'alumni_from'] as const;

/** "Edit dates": a dialog (focus kept inside, back on the button when it closes) changing a cohort's two dates. */
export function CohortsEditDialog({ cohort }: { cohort: Cohort }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateCohort();
  const form = useForm<DatesFormValues, unknown, UpdateCohortValues>({
    resolver: zodResolver(datesFormSchema as z.ZodType<UpdateCohortValues, DatesFormValues>),
    values: { intern_from: cohort.intern_from ?? '', alumni_from: cohort.alumni_from },
  });
  const { register, formState } = form;

  const handleValidSubmit = async (values: UpdateCohortValues) => {
    try {
      await update.mutateAsync({ id: cohort.id, body: values });
      toast.success(`Dates of ${cohort.name} saved.`);
      setOpen(false);
    } catch (error) {
      if (!isApiError(error)) {
        form.setError('root', { message: 'Could not save the dates. Please try again.' });
        return;
      }
      setApiFieldErrors(form.setError, error, FIELDS);
      if (error.detail) form.setError('root', { message: error.detail });
    }
  };

  const formId = `cohort-dates-${cohort.id}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Edit dates: ${cohort.name}`}>
          Edit dates
        </Button>
      }
      title={`Dates of ${cohort.name}`}
      description="People move on at the start of these days (UTC). Steps already taken stay taken."
      footer={
        <>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={formState.isSubmitting}>
            Save dates
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)}>
        {formState.errors.root?.message ? <FormMessage tone="error">{formState.errors.root.message}</FormMessage> : null}
        <Field
          label="Interns from"
          labelSuffix="(optional)"
          hint="Empty: no internship step."
          error={formState.errors.intern_from?.message ?? null}
        >
          <Input type="date" {...register('intern_from')} />
        </Field>
        <Field label="Alumni from" error={formState.errors.alumni_from?.message ?? null}>
          <Input type="date" {...register('alumni_from')} />
        </Field>
      </form>
    </Dialog>
  );
}
