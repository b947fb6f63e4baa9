import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';

/** The phones' More button: alone until first used, then the trigger of the phone menu (which adds its props). */
export function PhoneMenuButton(props: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label="More"
      className="inline-flex size-10 items-center justify-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring md:hidden"
      {...props}
    >
      <Menu aria-hidden="true" className="size-5" />
    </button>
  );
}
