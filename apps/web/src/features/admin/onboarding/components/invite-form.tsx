import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ASSIGNABLE_ROLES, createInvitationRequestSchema, ROLE_LABELS } from '@alumlink/contract';
import { z } from 'zod';
import { Button, Field, FormMessage, Input, Select } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useCohorts } from '../api/get-cohorts';
import { useCreateInvitation, type CreateInvitationValues } from '../api/create-invitation';

type InviteFormValues = { email: string; role: string; cohort_id: string; first_name: string; last_name: string };

/** The contract's rules, after the form's "No cohort" becomes null. */
const inviteFormSchema = z.preprocess(
  (values) => ({ ...(values as InviteFormValues), cohort_id: (values as InviteFormValues).cohort_id || null }),
  createInvitationRequestSchema,
);

const FIELDS = ['email', 'role', 'cohort_id', 'first_name', 'last_name'] as const;
const EMPTY: InviteFormValues = { email: '', role: 'TR', cohort_id: '', first_name: '', last_name: '' };

/** Invites one person by e-mail with a role and, optionally, a cohort. */
export function InviteForm() {
  const invite = useCreateInvitation();
  const cohorts = useCohorts();
  const cohortOptions = cohorts.data?.pages.flatMap((page) => page.results) ?? [];
  const form = useForm<InviteFormValues, unknown, CreateInvitationValues>({
    resolver: zodResolver(inviteFormSchema as z.ZodType<CreateInvitationValues, InviteFormValues>),
    defaultValues: EMPTY,
  });
  const { register, formState } = form;

  const handleValidSubmit = async (values: CreateInvitationValues) => {
    try {
      const invitation = await invite.mutateAsync(values);
      toast.success(`Invitation sent to ${invitation.email}.`);
      form.reset(EMPTY);
    } catch (error) {
      if (!isApiError(error)) {
        form.setError('root', { message: 'Could not send the invitation. Please try again.' });
        return;
      }
      setApiFieldErrors(form.setError, error, FIELDS);
      if (error.detail && error.status !== 400) form.setError('root', { message: error.detail });
    }
  };

  return (
    <form
      noValidate
      aria-label="Invite someone"
      className="space-y-4"
      onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)}
    >
      {formState.errors.root?.message ? <FormMessage tone="error">{formState.errors.root.message}</FormMessage> : null}
      <Field label="Email" error={formState.errors.email?.message ?? null}>
        <Input type="email" autoComplete="off" inputMode="email" placeholder="name@example.org" {...register('email')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" labelSuffix="(optional)" error={formState.errors.first_name?.message ?? null}>
          <Input autoComplete="off" {...register('first_name')} />
        </Field>
        <Field label="Last name" labelSuffix="(optional)" error={formState.errors.last_name?.message ?? null}>
          <Input autoComplete="off" {...register('last_name')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Role" error={formState.errors.role?.message ?? null}>
          <Select {...register('role')}>
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Cohort" labelSuffix="(optional)" error={formState.errors.cohort_id?.message ?? null}>
          <Select {...register('cohort_id')}>
            <option value="">No cohort</option>
            {cohortOptions.map((cohort) => (
              <option key={cohort.id} value={String(cohort.id)}>
                {cohort.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Button type="submit" loading={formState.isSubmitting}>
        Send invitation
      </Button>
    </form>
  );
}
