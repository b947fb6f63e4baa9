import { createContext, lazy, Suspense, use, useMemo, type ReactNode } from 'react';
import type { Post } from '@alumlink/contract';
import { useLazyDialog } from '@/lib/use-lazy-dialog';

/** The dialog's code (Radix dialog, upload, toasts) loads when it is first opened, not with the page. */
const CreatePostDialog = lazy(() => import('./create-post-dialog').then((m) => ({ default: m.CreatePostDialog })));

type CreatePostContextValue = { openCreatePost: () => void };

const CreatePostContext = createContext<CreatePostContextValue | null>(null);

/** Owns the one create-post dialog of the user area; anything inside can open it. */
export function CreatePostProvider({ children, onPostCreated }: { children: ReactNode; onPostCreated?: (post: Post) => void }) {
  const dialog = useLazyDialog();
  const value = useMemo(() => ({ openCreatePost: dialog.show }), [dialog.show]);
  return (
    <CreatePostContext value={value}>
      {children}
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <CreatePostDialog open={dialog.open} onOpenChange={dialog.setOpen} onPostCreated={onPostCreated} />
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
