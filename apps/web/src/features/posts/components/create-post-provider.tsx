import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Post } from '@alumlink/contract';

/** The dialog's code (Radix dialog, upload, toasts) loads when it is first opened, not with the page. */
const CreatePostDialog = lazy(() => import('./create-post-dialog').then((m) => ({ default: m.CreatePostDialog })));

type CreatePostContextValue = { openCreatePost: () => void };

const CreatePostContext = createContext<CreatePostContextValue | null>(null);

/** Owns the one create-post dialog of the user area; anything inside can open it. */
export function CreatePostProvider({ children, onPostCreated }: { children: ReactNode; onPostCreated?: (post: Post) => void }) {
  const [open, setOpen] = useState(false);
  // Stays mounted once opened, so closing keeps Radix's focus return and the upload in progress.
  const [opened, setOpened] = useState(false);
  const openCreatePost = useCallback(() => {
    setOpened(true);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ openCreatePost }), [openCreatePost]);
  return (
    <CreatePostContext value={value}>
      {children}
      {opened ? (
        <Suspense fallback={null}>
          <CreatePostDialog open={open} onOpenChange={setOpen} onPostCreated={onPostCreated} />
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
