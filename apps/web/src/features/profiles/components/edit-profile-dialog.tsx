import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CAREER_LIMITS, displayName, PROFILE_MESSAGES, updateProfileRequestSchema, type User } from '@alumlink/contract';
import { Avatar, Checkbox, Dialog, DialogActions, Field, FormMessage, Input, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import {
  CAREER_TEXT_FIELDS,
  PROFILE_TEXT_FIELDS,
  profileUpdateBody,
  useUpdateProfile,
  type CareerTextField,
  type ProfileFormValues,
  type ProfileTextField,
} from '../api/update-profile';
import { useObjectUrl } from '@/lib/use-object-url';

type FormField = ProfileTextField | CareerTextField;
const FORM_FIELDS: readonly FormField[] = [...PROFILE_TEXT_FIELDS, ...CAREER_TEXT_FIELDS];
type FieldErrorMap = Partial<Record<FormField | 'image', string>>;

function initialValues(user: User): ProfileFormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    country_code: user.country_code,
    phone_number: user.phone_number,
    handle: user.handle ?? '',
    bio: user.bio,
    skills: user.skills,
    headline: user.headline,
    company: user.company,
    job_title: user.job_title,
    location: user.location,
    cohort_year: user.cohort_year === null ? '' : String(user.cohort_year),
    open_to_referrals: user.open_to_referrals,
  };
}

function clientErrors(values: ProfileFormValues): FieldErrorMap {
  const result = updateProfileRequestSchema.safeParse(profileUpdateBody(values));
  const errors: FieldErrorMap = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FORM_FIELDS as readonly string[]).includes(field)) errors[field as FormField] ??= issue.message;
  }
  return errors;
}

function serverErrors(error: unknown): FieldErrorMap {
  if (!isApiError(error)) return {};
  const errors: FieldErrorMap = {};
  for (const field of [...FORM_FIELDS, 'image'] as const) {
    const message = error.fieldErrors[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/** The owner's Edit Profile dialog. Empty fields are left out; a new picture goes as multipart. */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
  onUpdated,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUpdated?: (user: User) => void;
}) {
  const [values, setValues] = useState<ProfileFormValues>(() => initialValues(user));
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [failed, setFailed] = useState(false);
  const previewUrl = useObjectUrl(image);
  const update = useUpdateProfile({ onUpdated });
  const formId = useId();

  const handleOpenChange = (next: boolean) => {
    if (next) {
      setValues(initialValues(user));
      setImage(null);
      setErrors({});
      setFailed(false);
    }
    onOpenChange(next);
  };

  const bind = (field: FormField) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    const found = clientErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { values, image },
      {
        onSuccess: () => {
          toast.success('Profile updated.');
          onOpenChange(false);
        },
        onError: (error) => {
          console.warn('Profile update failed', error);
          setErrors(serverErrors(error));
          setFailed(true);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Edit Profile"
      className="max-w-xl"
      footer={<DialogActions action="Save changes" form={formId} loading={update.isPending} />}
    >
      <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-4">
        {failed ? <FormMessage tone="error">{PROFILE_MESSAGES.updateFailed}</FormMessage> : null}
        <div className="flex items-center gap-4">
          <Avatar src={previewUrl ?? user.image} personId={user.id} name={displayName(user)} alt="Profile picture preview" size="lg" />
          <Field label="Profile picture" error={errors.image} className="flex-1">
            <input
              type="file"
              accept="image/*"
              onChange={(event) => setImage(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-fg-muted file:mr-3 file:rounded-lg file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:text-sm file:font-semibold file:text-primary-soft-fg"
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.first_name}>
            <Input autoComplete="given-name" {...bind('first_name')} />
          </Field>
          <Field label="Last name" error={errors.last_name}>
            <Input autoComplete="family-name" {...bind('last_name')} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <Field label="Country code" error={errors.country_code}>
            <Input inputMode="tel" placeholder="+91" {...bind('country_code')} />
          </Field>
          <Field label="Phone number" error={errors.phone_number}>
            <Input type="tel" autoComplete="tel-national" {...bind('phone_number')} />
          </Field>
        </div>
        <Field label="Handle" hint="Letters and numbers only" error={errors.handle}>
          <Input autoCapitalize="none" {...bind('handle')} />
        </Field>
        <Field label="Bio" error={errors.bio}>
          <Textarea rows={3} {...bind('bio')} />
        </Field>
        <Field label="Skills" hint="Separate skills with commas" error={errors.skills}>
          <Input placeholder="React, TypeScript, Public speaking" {...bind('skills')} />
        </Field>
        <fieldset className="space-y-4 border-t border-border pt-4">
          <legend className="pt-4 text-sm font-semibold text-fg">Career</legend>
          <Field label="Headline" hint="One line under your name" error={errors.headline}>
            <Input placeholder="Frontend engineer · mentor" maxLength={CAREER_LIMITS.headlineMax} {...bind('headline')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Company" error={errors.company}>
              <Input autoComplete="organization" maxLength={CAREER_LIMITS.companyMax} {...bind('company')} />
            </Field>
            <Field label="Job title" error={errors.job_title}>
              <Input autoComplete="organization-title" maxLength={CAREER_LIMITS.jobTitleMax} {...bind('job_title')} />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
            <Field label="Location" error={errors.location}>
              <Input placeholder="City, or Remote" maxLength={CAREER_LIMITS.locationMax} {...bind('location')} />
            </Field>
            <Field label="Cohort year" error={errors.cohort_year}>
              <Input inputMode="numeric" placeholder="2022" maxLength={4} {...bind('cohort_year')} />
            </Field>
          </div>
          <div className="flex items-start gap-2.5">
            <Checkbox
              id={`${formId}-open`}
              className="mt-0.5"
              checked={values.open_to_referrals}
              onChange={(event) => setValues((current) => ({ ...current, open_to_referrals: event.target.checked }))}
            />
            <label htmlFor={`${formId}-open`} className="text-sm text-fg">
              <span className="font-medium">Open to referrals</span>
              <span className="block text-fg-muted">Members may ask you for a referral at your company.</span>
            </label>
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
