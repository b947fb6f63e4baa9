import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { createCohortRequestSchema, ONBOARDING_LIMITS } from '@alumlink/contract';
import { z } from 'zod';
import { Button, Field, FormMessage, Input } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useCreateCohort, type CreateCohortValues } from '../api/create-cohort';

/** What the inputs hold (dates as YYYY-MM-DD from the date pickers; an empty intern date means none). */
type CohortFormValues = { name: string; year: string; intern_from: string; alumni_from: string };

/** The contract's rules, after the form's empty intern date becomes "no internship step". */
const cohortFormSchema = z.preprocess(
  (values) => ({ ...(values as CohortFormValues), intern_from: (values as CohortFormValues).intern_from || null }),
  createCohortRequestSchema,
);

const FIELDS = ['name', 'year', 'intern_from', 'alumni_from'] as const;
const EMPTY: CohortFormValues = { name: '', year: String(new Date().getFullYear()), intern_from: '', alumni_from: '' };

/** Creates a cohort: its name, year, and the days its people become interns (optional) and alumni. */
export function CohortForm() {
  const create = useCreateCohort();
  const form = useForm<CohortFormValues, unknown, CreateCohortValues>({
    resolver: zodResolver(cohortFormSchema as z.ZodType<CreateCohortValues, CohortFormValues>),
    defaultValues: EMPTY,
  });
  const { register, formState } = form;

  const handleValidSubmit = async (values: CreateCohortValues) => {
    try {
      const cohort = await create.mutateAsync(values);
      toast.success(`Cohort ${cohort.name} created.`);
      form.reset(EMPTY);
    } catch (error) {
      if (!isApiError(error)) {
        form.setError('root', { message: 'Could not create the cohort. Please try again.' });
        return;
      }
      setApiFieldErrors(form.setError, error, FIELDS);
      if (error.detail) form.setError('root', { message: error.detail });
    }
  };

  return (
    <form noValidate aria-label="New cohort" className="space-y-4" onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)}>
      {formState.errors.root?.message ? <FormMessage tone="error">{formState.errors.root.message}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Field label="Name" error={formState.errors.name?.message ?? null}>
          <Input maxLength={ONBOARDING_LIMITS.cohortNameMax} placeholder="Full-stack spring 2027" {...register('name')} />
        </Field>
        <Field label="Year" error={formState.errors.year?.message ?? null}>
          <Input type="number" inputMode="numeric" min={1990} {...register('year')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Interns from"
          labelSuffix="(optional)"
          hint="Its trainees become interns on this day."
          error={formState.errors.intern_from?.message ?? null}
        >
          <Input type="date" {...register('intern_from')} />
        </Field>
        <Field
          label="Alumni from"
          hint="Its trainees and interns become alumni on this day."
          error={formState.errors.alumni_from?.message ?? null}
        >
          <Input type="date" {...register('alumni_from')} />
        </Field>
      </div>
      <Button type="submit" loading={formState.isSubmitting}>
        Create cohort
      </Button>
    </form>
  );
}
