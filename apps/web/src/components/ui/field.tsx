import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Label({ htmlFor, children, className }: { htmlFor?: string; children: ReactNode; className?: string }) {
  return (
    <label htmlFor={htmlFor} className={cn('block text-sm font-medium text-fg', className)}>
      {children}
    </label>
  );
}

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** The input, select or textarea; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<ControlProps>;
  hint?: ReactNode;
  error?: string | null;
  /** Shown after the label, e.g. "(optional)". */
  labelSuffix?: ReactNode;
  className?: string;
  id?: string;
}

/** Label + control + hint + error, wired for assistive technology. */
export function Field({ label, children, hint, error, labelSuffix, className, id }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? children.props.id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : children.props['aria-invalid'],
      })
    : children;

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={controlId}>
        {label}
        {labelSuffix ? <span className="ml-1 font-normal text-fg-subtle">{labelSuffix}</span> : null}
      </Label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-fg">
          {error}
        </p>
      ) : null}
    </div>
  );
}
