import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { LIMITS, type Post } from '@alumlink/contract';
import { Button, Dialog, DialogClose, Field, Textarea } from '@/components/ui';
import { PostToField, type PostTo } from './post-to-field';
import { isApiError } from '@/lib/api-client';
import { useCreatePostMutation } from '../api/create-post';
import { useObjectUrl } from '@/lib/use-object-url';
import { useMentionTypeahead } from './use-mention-typeahead';
import { UploadProgress } from './upload-progress';

export const CREATE_POST_MESSAGES = {
  imageRequired: 'Please choose an image.',
  captionRequired: 'Please write a caption.',
  success: 'Post uploaded successfully!',
  failurePrefix: 'Failed to upload post: ',
  failureFallback: 'Please try again',
} as const;

function failureText(error: unknown): string {
  const message = isApiError(error) ? error.serverMessage : null;
  return CREATE_POST_MESSAGES.failurePrefix + (message ?? CREATE_POST_MESSAGES.failureFallback);
}

type Errors = { image?: string; caption?: string };

/** The community a post is made in; `onPosted` refreshes its page's feed. */
export type PostSpace = { id: number; name: string; onPosted?: () => void };

/** New post: an image (with preview) and a caption, both required; progress while uploading. */
export function CreatePostDialog({
  open,
  onOpenChange,
  onPostCreated,
  space,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPostCreated?: (post: Post) => void;
  /** Posting in a community's space (its page's composer). */
  space?: PostSpace;
}) {
  const [image, setImage] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  // Where the post goes: the page's space, else Everyone until the author picks one of their spaces.
  const [postTo, setPostTo] = useState<PostTo | null>(null);
  const target = postTo ?? (space ? { id: space.id, name: space.name } : null);
  const mentions = useMentionTypeahead<HTMLTextAreaElement>({ value: caption, onChange: setCaption });
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(image);
  const createPost = useCreatePostMutation();
  const formId = useId();

  const reset = () => {
    setImage(null);
    setCaption('');
    setPostTo(null);
    setErrors({});
    setProgress(0);
    createPost.reset();
  };

  const handleOpenChange = (next: boolean) => {
    if (createPost.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const handleImageChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    if (file) setErrors((current) => ({ ...current, image: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = caption.trim();
    const found: Errors = {
      image: image ? undefined : CREATE_POST_MESSAGES.imageRequired,
      caption: text ? undefined : CREATE_POST_MESSAGES.captionRequired,
    };
    setErrors(found);
    if (!image || !text) return;
    setProgress(0);
    createPost.mutate(
      { caption: text, image, communityId: target?.id ?? undefined, onProgress: setProgress },
      {
        onSuccess: (post) => {
          toast.success(CREATE_POST_MESSAGES.success);
          onPostCreated?.(post);
          if (target && target.id === space?.id) space.onPosted?.();
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          console.warn('Post upload failed', error);
          toast.error(failureText(error));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title={target?.id ? `Post in ${target.name}` : 'Create a post'}
      description="Share an image and a few words with the community."
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={createPost.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={createPost.isPending}>
            Post
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-4">
        <PostToField value={target} onChange={setPostTo} disabled={createPost.isPending} />
        <Field label="Image" error={errors.image}>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            onChange={handleImageChange}
            className="block w-full text-sm text-fg-muted file:mr-3 file:rounded-lg file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:text-sm file:font-semibold file:text-primary-soft-fg hover:file:bg-primary-soft/80"
          />
        </Field>
        {previewUrl ? (
          <div className="flex justify-center overflow-hidden rounded-xl border border-border bg-surface-muted">
            <img src={previewUrl} alt="Preview of the chosen image" className="max-h-64 w-full object-contain" />
          </div>
        ) : (
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            className="flex h-32 w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border-strong text-sm text-fg-muted hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ImagePlus aria-hidden="true" className="size-6" />
            Choose an image to share
          </button>
        )}
        <div className="relative">
          <Field label="Caption" error={errors.caption} hint="Type @ and a name to mention someone.">
            <Textarea
              value={caption}
              {...mentions.controlProps}
              maxLength={LIMITS.captionMax}
              placeholder="What would you like to share?"
              rows={3}
            />
          </Field>
          {mentions.listbox}
        </div>
        {createPost.isPending ? <UploadProgress fraction={progress} /> : null}
      </form>
    </Dialog>
  );
}
