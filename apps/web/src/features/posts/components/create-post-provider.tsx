import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Post } from '@alumlink/contract';
import { CreatePostDialog } from './create-post-dialog';

type CreatePostContextValue = { openCreatePost: () => void };

const CreatePostContext = createContext<CreatePostContextValue | null>(null);

/** Owns the one create-post dialog of the user area; anything inside can open it. */
export function CreatePostProvider({ children, onPostCreated }: { children: ReactNode; onPostCreated?: (post: Post) => void }) {
  const [open, setOpen] = useState(false);
  const openCreatePost = useCallback(() => setOpen(true), []);
  const value = useMemo(() => ({ openCreatePost }), [openCreatePost]);
  return (
    <CreatePostContext value={value}>
      {children}
      <CreatePostDialog open={open} onOpenChange={setOpen} onPostCreated={onPostCreated} />
    </CreatePostContext>
  );
}

/** Opens the create-post dialog (the sidebar's Create, the empty feed's call to action). */
export function useCreatePost(): CreatePostContextValue {
  const value = use(CreatePostContext);
  if (!value) throw new Error('useCreatePost must be used inside CreatePostProvider');
  return value;
}
