import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  askReferralSchema,
  REFERRAL_REQUEST_LIMITS,
  REFERRAL_REQUEST_MESSAGES,
  type AskReferralFields,
  type AskReferralRequest,
} from '@alumlink/contract';
import { Dialog, DialogActions, Field, FormMessage, Input, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useAskForReferral } from '../api/ask-for-referral';

export interface AskReferralDialogProps {
  /** The offer: its id, a title such as 'Software Engineer at Google', and its alumnus's name. */
  offer: { id: number; title: string; alumniName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefills the message (e.g. from another screen). */
  defaultMessage?: string;
}

const FIELDS = ['message', 'resume_url'] as const;

/** Asks an alumnus for a referral on their offer: a message and an optional https CV link, checked with the contract's schema. */
export function AskReferralDialog({ offer, open, onOpenChange, defaultMessage = '' }: AskReferralDialogProps) {
  const ask = useAskForReferral();
  const form = useForm<AskReferralRequest, unknown, AskReferralFields>({
    resolver: zodResolver(askReferralSchema),
    defaultValues: { message: defaultMessage, resume_url: '' },
  });
  const { register, formState } = form;

  const handleValidSubmit = async (values: AskReferralFields) => {
    try {
      await ask.mutateAsync({ referralId: offer.id, body: values });
      toast.success(REFERRAL_REQUEST_MESSAGES.sent);
      form.reset({ message: '', resume_url: '' });
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error)) {
        setApiFieldErrors(form.setError, error, FIELDS);
        if (error.detail) form.setError('root', { message: error.detail });
      } else {
        form.setError('root', { message: 'Could not send your request. Please try again.' });
      }
    }
  };

  const formId = `ask-referral-${offer.id}`;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Ask for a referral"
      description={`${offer.title} · ${offer.alumniName}`}
      footer={<DialogActions action="Send request" form={formId} loading={formState.isSubmitting} />}
    >
      <form
        id={formId}
        noValidate
        aria-label="Ask for a referral"
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)}
      >
        <Field label="Message" error={formState.errors.message?.message ?? null} hint="Say who you are and why this role fits you.">
          <Textarea rows={5} maxLength={REFERRAL_REQUEST_LIMITS.messageMax} {...register('message')} />
        </Field>
        <Field
          label="CV link"
          labelSuffix="(optional)"
          error={formState.errors.resume_url?.message ?? null}
          hint="An https:// link to your CV."
        >
          <Input
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={REFERRAL_REQUEST_LIMITS.resumeUrlMax}
            {...register('resume_url')}
          />
        </Field>
        {formState.errors.root?.message ? <FormMessage tone="error">{formState.errors.root.message}</FormMessage> : null}
      </form>
    </Dialog>
  );
}
