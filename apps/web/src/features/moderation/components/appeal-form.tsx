import { useState, type FormEvent } from 'react';
import { appealRequestSchema, MODERATION_LIMITS } from '@alumlink/contract';
import { Button, Field, FormMessage, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useAppealRemoval } from '../api/appeal-removal';

/** The author's appeal: why the removal was wrong (10..2000 characters), checked with the contract's schema first. */
export function AppealForm({ postId }: { postId: number }) {
  const appeal = useAppealRemoval(postId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = appealRequestSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.flatten().fieldErrors.text?.[0] ?? null);
      return;
    }
    setError(null);
    appeal.mutate(parsed.data);
  };

  const serverError = appeal.isError
    ? ((isApiError(appeal.error) ? appeal.error.serverMessage : null) ?? 'The appeal could not be sent. Please try again.')
    : null;
  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      <Field
        label="Your appeal"
        hint={`Tell the moderators why the post should come back (${MODERATION_LIMITS.appealTextMin} to ${MODERATION_LIMITS.appealTextMax} characters). You can appeal once.`}
        error={error}
      >
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={5}
          maxLength={MODERATION_LIMITS.appealTextMax + 100}
        />
      </Field>
      {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={appeal.isPending}>
          Send appeal
        </Button>
      </div>
    </form>
  );
}
