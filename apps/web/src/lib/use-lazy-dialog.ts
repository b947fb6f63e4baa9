import { useCallback, useState } from 'react';

/**
 * Open state of a dialog whose code loads on first use: `mounted` becomes true the first time it
 * is shown and stays true, so closing keeps the dialog mounted (Radix's focus return, an upload in
 * progress) and only the first opening waits for its code.
 */
export function useLazyDialog() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  return { open, setOpen, mounted, show };
}
