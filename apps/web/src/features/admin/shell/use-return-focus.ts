import { useCallback, useRef } from 'react';

/**
 * For dialogs opened from many places (no single trigger): remember what had focus when the
 * dialog opened and put focus back there once it has closed.
 */
export function useReturnFocus() {
  const origin = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => {
    const element = origin.current;
    origin.current = null;
    // After the dialog has unmounted; a deleted row's button is gone, then focus stays where it lands.
    window.setTimeout(() => {
      if (element?.isConnected) element.focus();
    }, 0);
  }, []);
  return { remember, restore };
}
