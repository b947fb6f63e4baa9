import { useState } from 'react';
import { cn } from '@/lib/cn';
import { avatarToneOf, initialsOf } from './avatar-tone';

const SIZES = {
  xs: 'size-7 text-[11px]',
  sm: 'size-9 text-[13px]',
  md: 'size-11 text-[15px]',
  lg: 'size-16 text-[22px]',
  xl: 'size-28 text-[38px]',
} as const;
const PIXELS = { xs: 28, sm: 36, md: 44, lg: 64, xl: 112 } as const;

export interface AvatarProps {
  src?: string | null;
  /** Whose picture this is: their id picks the colour of the initials shown without a picture (null: a deleted person). */
  personId: number | null | undefined;
  /** Their display name (contract displayName), for the initials. */
  name: string;
  /** The accessible name when the avatar stands alone; empty when a name is shown next to it. */
  alt: string;
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * A round profile picture, lazy-loaded; without one (or when it fails to load), the person's
 * initials on a colour of their own.
 */
export function Avatar({ src, personId, name, alt, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shape = cn('shrink-0 rounded-full ring-1 ring-border', SIZES[size], className);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={alt}
        width={PIXELS[size]}
        height={PIXELS[size]}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={cn('bg-surface-muted object-cover', shape)}
      />
    );
  }
  const labelled = alt !== '';
  return (
    <span
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? alt : undefined}
      aria-hidden={labelled ? undefined : true}
      data-avatar-initials=""
      className={cn('inline-grid place-items-center leading-none font-semibold tracking-tight select-none', avatarToneOf(personId), shape)}
    >
      {initialsOf(name)}
    </span>
  );
}
