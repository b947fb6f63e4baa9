import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { LIMITS } from '@alumlink/contract';
import { Field, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useEditPost } from '../api/edit-post';
import { CREATE_POST_MESSAGES } from './create-post-dialog';
import { InlineEditActions } from './inline-edit-actions';
import { useMentionTypeahead } from './use-mention-typeahead';

/** The inline editor of a post's caption (its author): mentions offered as they type, Save or Cancel. */
export function EditPostForm({ postId, caption, onDone }: { postId: number; caption: string; onDone: () => void }) {
  const [text, setText] = useState(caption);
  const [error, setError] = useState<string | undefined>();
  const mentions = useMentionTypeahead<HTMLTextAreaElement>({ value: text, onChange: setText });
  const edit = useEditPost(postId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(CREATE_POST_MESSAGES.captionRequired);
      return;
    }
    edit.mutate(trimmed, {
      onSuccess: () => {
        toast.success('Post updated.');
        onDone();
      },
      onError: (failure) => toast.error(`Failed to save: ${(isApiError(failure) && failure.serverMessage) || 'Please try again'}`),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-2 px-4 pt-3 sm:px-5" aria-label="Edit post">
      <div className="relative">
        <Field label="Caption" error={error}>
          <Textarea value={text} {...mentions.controlProps} maxLength={LIMITS.captionMax} rows={3} autoFocus />
        </Field>
        {mentions.listbox}
      </div>
      <InlineEditActions pending={edit.isPending} onCancel={onDone} />
    </form>
  );
}
