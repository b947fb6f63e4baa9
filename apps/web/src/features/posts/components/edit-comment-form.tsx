import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { LIMITS } from '@alumlink/contract';
import { Field, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useEditComment } from '../api/edit-comment';
import { InlineEditActions } from './inline-edit-actions';
import { useMentionTypeahead } from './use-mention-typeahead';

export const EDIT_COMMENT_MESSAGES = {
  required: 'Write something, or cancel.',
  tooLong: `Keep a comment to ${LIMITS.commentMax} characters.`,
} as const;

/** The inline editor of one's own comment: mentions offered as they type, Save or Cancel; the server's field error shows under it. */
export function EditCommentForm({
  postId,
  commentId,
  text: initial,
  onDone,
}: {
  postId: number;
  commentId: number;
  text: string;
  onDone: () => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const mentions = useMentionTypeahead<HTMLTextAreaElement>({ value: text, onChange: setText });
  const edit = useEditComment(postId, commentId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError(EDIT_COMMENT_MESSAGES.required);
    if (trimmed.length > LIMITS.commentMax) return setError(EDIT_COMMENT_MESSAGES.tooLong);
    setError(undefined);
    edit.mutate(trimmed, {
      onSuccess: () => onDone(),
      onError: (failure) => {
        const fieldError = isApiError(failure) ? failure.fieldErrors.text?.[0] : undefined;
        if (fieldError) setError(fieldError);
        else toast.error(`Failed to save: ${(isApiError(failure) && failure.serverMessage) || 'Please try again'}`);
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="mt-1 space-y-2" aria-label="Edit comment">
      <div className="relative">
        <Field label="Comment" error={error}>
          <Textarea value={text} {...mentions.controlProps} rows={2} autoFocus />
        </Field>
        {mentions.listbox}
      </div>
      <InlineEditActions pending={edit.isPending} onCancel={onDone} />
    </form>
  );
}
