import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { createJobRequestSchema, JOB_LIMITS, JOB_TYPES, type CreateJobFields, type CreateJobRequest, type Job } from '@alumlink/contract';
import { Dialog, DialogActions, Field, FormMessage, Input, Select, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useSaveJob } from '../api/save-job';

const FIELDS = ['title', 'company', 'location', 'salary', 'type', 'description', 'apply_url'] as const;

function formValues(job: Job | null): CreateJobRequest {
  return {
    title: job?.title ?? '',
    company: job?.company ?? '',
    location: job?.location ?? '',
    salary: job?.salary ?? '',
    type: job?.type ?? 'Full-Time',
    description: job?.description ?? '',
    apply_url: job?.apply_url.replace(/^mailto:/, '') ?? '',
  };
}

export interface JobFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The job to edit, or null to post a new one. */
  job: Job | null;
  /** The job lists a save refreshes (default: the job board's). */
  lists?: QueryKey;
  /** "Post a job" on the board; "Create job" in the admin portal. */
  wording?: 'post' | 'create';
}

const WORDING = {
  post: { title: 'Post a job', submit: 'Post job', done: 'Job posted.' },
  create: { title: 'Create job', submit: 'Create job', done: 'Job created.' },
} as const;

/** Post (or create) or edit a job; the server's field errors show under their fields. */
export function JobFormDialog({ open, onOpenChange, job, lists, wording = 'post' }: JobFormDialogProps) {
  const save = useSaveJob(job?.id ?? null, lists);
  const words = WORDING[wording];
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CreateJobRequest, unknown, CreateJobFields>({
    resolver: zodResolver(createJobRequestSchema),
    defaultValues: formValues(job),
  });
  const { register, formState } = form;
  const formId = `job-form-${job?.id ?? 'new'}`;

  useEffect(() => {
    if (open) {
      form.reset(formValues(job));
      setServerError(null);
    }
  }, [open, job, form]);

  const handleValidSubmit = async (values: CreateJobFields) => {
    setServerError(null);
    try {
      await save.mutateAsync(values);
      toast.success(job ? 'Job updated.' : words.done);
      onOpenChange(false);
    } catch (error) {
      const fieldMatched = isApiError(error) && setApiFieldErrors(form.setError, error, FIELDS);
      if (!fieldMatched) setServerError((isApiError(error) && error.serverMessage) || 'Failed to save the job. Please try again.');
    }
  };

  const errorOf = (field: (typeof FIELDS)[number]) => formState.errors[field]?.message ?? null;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={job ? 'Edit job' : words.title}
      className="max-w-2xl"
      footer={<DialogActions action={job ? 'Save changes' : words.submit} form={formId} loading={formState.isSubmitting} />}
    >
      <form id={formId} noValidate onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)} className="space-y-4">
        {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
        <Field label="Title" error={errorOf('title')}>
          <Input maxLength={JOB_LIMITS.titleMax} {...register('title')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Company" error={errorOf('company')}>
            <Input maxLength={JOB_LIMITS.companyMax} {...register('company')} />
          </Field>
          <Field label="Location" error={errorOf('location')}>
            <Input maxLength={JOB_LIMITS.locationMax} {...register('location')} />
          </Field>
          <Field label="Salary" labelSuffix="(optional)" error={errorOf('salary')}>
            <Input maxLength={JOB_LIMITS.salaryMax} placeholder="e.g. 12 LPA" {...register('salary')} />
          </Field>
          <Field label="Type" error={errorOf('type')}>
            <Select {...register('type')}>
              {JOB_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label="Description" labelSuffix="(optional)" error={errorOf('description')}>
          <Textarea rows={4} maxLength={JOB_LIMITS.descriptionMax} {...register('description')} />
        </Field>
        <Field label="Apply link or e-mail" hint="An https:// link or an e-mail address." error={errorOf('apply_url')}>
          <Input
            maxLength={JOB_LIMITS.applyUrlMax}
            placeholder="https://careers.example.com/job or jobs@example.com"
            {...register('apply_url')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
