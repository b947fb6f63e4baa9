import { useEffect, useState, type FormEvent } from 'react';
import { decideAppealRequestSchema, MODERATION_LIMITS, type AppealDecision } from '@alumlink/contract';
import { Dialog, DialogActions, Field, FormMessage, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDecideAppeal } from '../api/decide-appeal';

const DECISIONS: { value: AppealDecision; label: string; description: string }[] = [
  { value: 'restored', label: 'Restore the post', description: 'It comes back with its likes and comments.' },
  { value: 'upheld', label: 'Keep it removed', description: 'The removal stands.' },
];

/** The decision on an appeal (restore or keep removed) and the written reply the author receives. */
export function DecideAppealDialog({
  appealId,
  open,
  onOpenChange,
  onDecided,
}: {
  appealId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDecided: (decision: AppealDecision) => void;
}) {
  const decide = useDecideAppeal(appealId);
  const [decision, setDecision] = useState<AppealDecision | null>(null);
  const [reply, setReply] = useState('');
  const [errors, setErrors] = useState<{ decision?: string; reply?: string }>({});
  const { reset } = decide;

  useEffect(() => {
    if (!open) return;
    setDecision(null);
    setReply('');
    setErrors({});
    reset();
  }, [open, reset]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = decideAppealRequestSchema.safeParse({ decision: decision ?? undefined, reply });
    if (!parsed.success) {
      const fields = parsed.error.flatten().fieldErrors;
      setErrors({ decision: fields.decision ? 'Choose a decision.' : undefined, reply: fields.reply?.[0] });
      return;
    }
    setErrors({});
    // mutateAsync, not mutate's callbacks: the queue refresh removes this appeal's card (and this
    // dialog) before the slower menu counts arrive, and an unmounted caller's callbacks never run.
    decide
      .mutateAsync(parsed.data)
      .then((answer) => {
        onOpenChange(false);
        onDecided(answer.status === 'restored' ? 'restored' : 'upheld');
      })
      .catch(() => undefined); // the error is shown from decide.error
  };

  const formId = `decide-appeal-${appealId}`;
  const serverError = decide.isError
    ? ((isApiError(decide.error) ? decide.error.serverMessage : null) ?? 'The decision could not be saved. Please try again.')
    : null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Decide this appeal"
      description="The author receives your reply as a notification."
      footer={<DialogActions action="Send decision" form={formId} loading={decide.isPending} />}
    >
      <form id={formId} noValidate onSubmit={handleSubmit} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-fg">Decision</legend>
          {DECISIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                decision === option.value
                  ? 'border-primary bg-primary-soft text-primary-soft-fg'
                  : 'border-border-strong bg-surface text-fg hover:bg-surface-muted',
              )}
            >
              <input
                type="radio"
                name={`${formId}-decision`}
                value={option.value}
                checked={decision === option.value}
                onChange={() => setDecision(option.value)}
                className="mt-0.5 accent-primary"
              />
              <span>
                <span className="block font-medium">{option.label}</span>
                <span className="block text-xs text-fg-muted">{option.description}</span>
              </span>
            </label>
          ))}
          {errors.decision ? <p className="text-sm font-medium text-danger-fg">{errors.decision}</p> : null}
        </fieldset>
        <Field label="Reply to the author" hint={`Up to ${MODERATION_LIMITS.replyMax} characters.`} error={errors.reply}>
          <Textarea
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            rows={4}
            maxLength={MODERATION_LIMITS.replyMax + 100}
          />
        </Field>
        {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
      </form>
    </Dialog>
  );
}
