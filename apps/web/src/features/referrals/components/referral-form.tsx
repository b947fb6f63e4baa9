import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  createReferralRequestSchema,
  REFERRAL_LIMITS,
  REFERRAL_MESSAGES,
  type CreateReferralFields,
  type CreateReferralRequest,
} from '@alumlink/contract';
import { Button, Card, CardContent, CardHeader, CardTitle, Field, Input, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useCreateReferral } from '../api/create-referral';

export const REFERRAL_FORM_MESSAGES = { failed: 'Failed to submit referral' } as const;

const FIELDS = ['company', 'role', 'ctc', 'location', 'requirements'] as const;
const EMPTY: CreateReferralRequest = { company: '', role: '', ctc: '', location: '', requirements: '' };

/** The alumni referral form of the specification: five required fields, ctc in LPA (min 0, step 0.1). */
export function ReferralForm({ onDone }: { onDone?: () => void } = {}) {
  const create = useCreateReferral();
  const form = useForm<CreateReferralRequest, unknown, CreateReferralFields>({
    resolver: zodResolver(createReferralRequestSchema),
    defaultValues: EMPTY,
  });
  const { register, formState } = form;
  const errorOf = (field: (typeof FIELDS)[number]) => formState.errors[field]?.message ?? null;

  const handleValidSubmit = async (values: CreateReferralFields) => {
    try {
      await create.mutateAsync(values);
      toast.success(REFERRAL_MESSAGES.submitted);
      form.reset(EMPTY);
      onDone?.();
    } catch (error) {
      if (isApiError(error)) {
        setApiFieldErrors(form.setError, error, FIELDS);
      }
      toast.error((isApiError(error) && error.detail) || REFERRAL_FORM_MESSAGES.failed);
    }
  };

  const submitting = formState.isSubmitting;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Offer a referral</CardTitle>
        <p className="text-sm text-fg-muted">Share an opening at your company; members can ask you for a referral.</p>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Referral" onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Company" error={errorOf('company')}>
              <Input required maxLength={REFERRAL_LIMITS.companyMax} placeholder="e.g. Infosys" {...register('company')} />
            </Field>
            <Field label="Role" error={errorOf('role')}>
              <Input required maxLength={REFERRAL_LIMITS.roleMax} placeholder="e.g. Frontend Developer" {...register('role')} />
            </Field>
            <Field label="CTC (LPA)" error={errorOf('ctc')}>
              <Input required type="number" inputMode="decimal" min={0} step={0.1} placeholder="e.g. 8.5" {...register('ctc')} />
            </Field>
            <Field label="Location" error={errorOf('location')}>
              <Input required maxLength={REFERRAL_LIMITS.locationMax} placeholder="e.g. Bengaluru" {...register('location')} />
            </Field>
          </div>
          <Field label="Requirements" error={errorOf('requirements')}>
            <Textarea
              required
              rows={4}
              maxLength={REFERRAL_LIMITS.requirementsMax}
              placeholder="Skills, experience and anything else candidates should know"
              {...register('requirements')}
            />
          </Field>
          <div className="flex justify-end gap-2">
            {onDone ? (
              <Button type="button" variant="ghost" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={submitting}>
              {submitting ? 'Submitting...' : 'Submit referral'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
