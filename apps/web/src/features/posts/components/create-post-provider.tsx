import { createContext, lazy, Suspense, use, useMemo, useState, type ReactNode } from 'react';
import type { Post } from '@alumlink/contract';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import type { PostSpace } from './create-post-dialog';

/** The dialog's code (Radix dialog, upload, toasts) loads when it is first opened, not with the page. */
const CreatePostDialog = lazy(() => import('./create-post-dialog').then((m) => ({ default: m.CreatePostDialog })));

type CreatePostContextValue = { openCreatePost: (space?: PostSpace) => void };

const CreatePostContext = createContext<CreatePostContextValue | null>(null);

/** Owns the one create-post dialog of the user area; anything inside can open it. */
export function CreatePostProvider({ children, onPostCreated }: { children: ReactNode; onPostCreated?: (post: Post) => void }) {
  const dialog = useLazyDialog();
  const [space, setSpace] = useState<PostSpace | undefined>(undefined);
  const { show } = dialog;
  const value = useMemo(
    () => ({
      openCreatePost: (to?: PostSpace) => {
        setSpace(to);
        show();
      },
    }),
    [show],
  );
  return (
    <CreatePostContext value={value}>
      {children}
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <CreatePostDialog open={dialog.open} onOpenChange={dialog.setOpen} onPostCreated={onPostCreated} space={space} />
        </Suspense>
      ) : null}
    </CreatePostContext>
  );
}

/** Opens the create-post dialog (the sidebar's Create, the empty feed's call to action). */
export function useCreatePost(): CreatePostContextValue {
  const value = use(CreatePostContext);
  if (!value) throw new Error('useCreatePost must be used inside CreatePostProvider');
  return value;
}
