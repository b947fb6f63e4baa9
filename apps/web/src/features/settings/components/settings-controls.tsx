import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui';
import { cn } from '@/lib/cn';

/** A titled card grouping related settings. */
export function SettingsSection({
  title,
  description,
  id,
  children,
}: {
  title: string;
  description: string;
  /** Anchor of the section (`/user/settings#<id>`), for links from e-mails. */
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section id={id} aria-labelledby={headingId} className="scroll-mt-28 space-y-4">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-fg">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-fg-muted">{description}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  /** Shown but not selectable, with the reason as a note. */
  disabledNote?: string;
}

/** One choice among a few, as a row of radio cards (a native radio group underneath). */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly ChoiceOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-fg">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {options.map((option) => {
          const disabled = option.disabledNote !== undefined;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer flex-col rounded-xl border px-3 py-2.5 text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                checked
                  ? 'border-primary bg-primary-soft text-primary-soft-fg'
                  : 'border-border-strong bg-surface text-fg hover:bg-surface-muted',
                disabled && 'cursor-not-allowed opacity-60 hover:bg-surface',
              )}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onChange(option.value)}
                  className="accent-primary"
                />
                <span className="font-medium">{option.label}</span>
              </span>
              {option.disabledNote ? <span className="mt-0.5 pl-5 text-xs text-fg-muted">{option.disabledNote}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A labelled on/off switch with a sentence explaining it. */
export function ToggleRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-fg-muted">
          {description}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        aria-describedby={`${id}-description`}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          checked ? 'bg-primary' : 'bg-border-strong',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5.5' : 'translate-x-0.5')}
        />
      </button>
    </div>
  );
}

/** Plain values as choices labelled by themselves. */
export const asOptions = <T extends string>(values: readonly T[]): ChoiceOption<T>[] => values.map((value) => ({ value, label: value }));
