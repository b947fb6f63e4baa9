import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (focus returns to it on close). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  className?: string;
  /** Called when the dialog closes, before focus returns to the trigger; `preventDefault()` and focus elsewhere (e.g. a dialog opened without a trigger). */
  onCloseAutoFocus?: (event: Event) => void;
  /** 'sheet': below the `lg` breakpoint a full-width panel sliding up from the bottom edge (a phone's sheet); centred above it. */
  placement?: 'center' | 'sheet';
}

const PLACEMENTS = {
  center: 'top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl border',
  sheet: cn(
    'inset-x-0 bottom-0 max-h-[85dvh] w-full rounded-t-2xl border-t pb-[env(safe-area-inset-bottom)] motion-safe:animate-sheet-up',
    'lg:inset-x-auto lg:top-1/2 lg:bottom-auto lg:left-1/2 lg:max-h-[calc(100dvh-2rem)] lg:w-[calc(100vw-2rem)] lg:max-w-lg lg:-translate-x-1/2 lg:-translate-y-1/2 lg:rounded-2xl lg:border lg:pb-0 lg:motion-safe:animate-none',
  ),
} as const;

/** Modal dialog: focus is trapped inside and returned to the trigger; Escape closes. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  className,
  onCloseAutoFocus,
  placement = 'center',
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-overlay backdrop-blur-[2px]" />
        <RadixDialog.Content
          className={cn(
            'fixed z-50 flex flex-col border-border bg-surface-raised text-fg shadow-(--shadow-raised) focus:outline-none',
            PLACEMENTS[placement],
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
          data-placement={placement}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="space-y-1">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description ? <RadixDialog.Description className="text-sm text-fg-muted">{description}</RadixDialog.Description> : null}
            </div>
            <RadixDialog.Close
              className="-m-1 rounded-lg p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-4">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;

export interface DialogActionsProps {
  /** The action's label. */
  action: ReactNode;
  variant?: 'primary' | 'danger';
  /** Submits this form (by id) instead of calling onAction. */
  form?: string;
  onAction?: () => void;
  loading?: boolean;
  disabled?: boolean;
}

/** The usual footer: Cancel, which closes the dialog, then its one action. */
export function DialogActions({ action, variant = 'primary', form, onAction, loading, disabled }: DialogActionsProps) {
  return (
    <>
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button type={form ? 'submit' : 'button'} form={form} variant={variant} onClick={onAction} loading={loading} disabled={disabled}>
        {action}
      </Button>
    </>
  );
}
