import { useLayoutEffect } from 'react';

/** The id of the static shell in the HTML of /user and /admin (user-shell.html, admin-shell.html). */
const BOOT_SHELL_ID = 'boot-shell';

/**
 * Takes the static shell away before the browser paints the app's first page (or its error), so
 * the two never show together and nothing blinks in between. Pages served without a shell: no-op.
 */
export function useRemoveBootShell(): void {
  useLayoutEffect(() => {
    document.getElementById(BOOT_SHELL_ID)?.remove();
  }, []);
}
