import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'> {
  id: string;
  /** The accessible name (visually hidden; the placeholder shows the hint). */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Classes of the wrapper (width, flex). */
  className?: string;
  inputClassName?: string;
}

/** A search input with its magnifier and a hidden label. */
export function SearchField({ id, label, value, onValueChange, className, inputClassName, ...props }: SearchFieldProps) {
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-fg-subtle" />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={cn('pl-10', inputClassName)}
        {...props}
      />
    </div>
  );
}

/** A search landmark that filters as one types (Enter submits nothing). */
export function SearchBox({ className, ...props }: SearchFieldProps) {
  return (
    <form role="search" className={className} onSubmit={(event) => event.preventDefault()}>
      <SearchField {...props} />
    </form>
  );
}
