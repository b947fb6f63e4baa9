import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { MODERATION_LIMITS, REPORT_REASONS, reportPostRequestSchema, type ReportReason } from '@alumlink/contract';
import { Dialog, DialogActions, Field, FormMessage, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useReportPost } from '../api/report-post';

export const REPORT_MESSAGES = {
  title: 'Report this post',
  description: 'The moderators review every report. The author is not told who reported it.',
  chooseReason: 'Choose a reason.',
  sent: 'Thank you. The moderators will review this post.',
  failed: 'The report could not be sent. Please try again.',
} as const;

/** Why the post is reported (a radio list) and an optional note, checked with the contract's schema before sending. */
export function ReportPostDialog({ postId, open, onOpenChange }: { postId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const report = useReportPost(postId);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string; form?: string }>({});

  const { reset } = report;
  // Each opening starts blank (the dialog stays mounted between openings).
  useEffect(() => {
    if (!open) return;
    setReason(null);
    setNote('');
    setErrors({});
    reset();
  }, [open, reset]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportPostRequestSchema.safeParse({ reason: reason ?? undefined, note });
    if (!parsed.success) {
      const fields = parsed.error.flatten().fieldErrors;
      setErrors({ reason: fields.reason ? REPORT_MESSAGES.chooseReason : undefined, note: fields.note?.[0] });
      return;
    }
    setErrors({});
    report.mutate(parsed.data, {
      onSuccess: (answer) => {
        onOpenChange(false);
        toast.success(answer.detail);
      },
      onError: (error) => {
        // Already reported (409) or gone (404): the server's sentence says which.
        setErrors({ form: isApiError(error) ? (error.serverMessage ?? REPORT_MESSAGES.failed) : REPORT_MESSAGES.failed });
      },
    });
  };

  const formId = `report-post-${postId}`;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={REPORT_MESSAGES.title}
      description={REPORT_MESSAGES.description}
      footer={<DialogActions action="Report" variant="danger" form={formId} loading={report.isPending} />}
    >
      <form id={formId} noValidate onSubmit={handleSubmit} className="space-y-4">
        <fieldset className="space-y-2" aria-describedby={errors.reason ? `${formId}-reason-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-fg">Reason</legend>
          {REPORT_REASONS.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                reason === option
                  ? 'border-primary bg-primary-soft text-primary-soft-fg'
                  : 'border-border-strong bg-surface text-fg hover:bg-surface-muted',
              )}
            >
              <input
                type="radio"
                name={`${formId}-reason`}
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
                className="accent-primary"
                aria-invalid={errors.reason ? true : undefined}
              />
              <span className="font-medium">{option}</span>
            </label>
          ))}
          {errors.reason ? (
            <p id={`${formId}-reason-error`} className="text-sm font-medium text-danger-fg">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <Field label="Note" labelSuffix="(optional)" hint={`Up to ${MODERATION_LIMITS.reportNoteMax} characters.`} error={errors.note}>
          <Textarea
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={MODERATION_LIMITS.reportNoteMax + 100}
            rows={3}
          />
        </Field>
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      </form>
    </Dialog>
  );
}
