import { useState } from 'react';
import { cn } from '@/lib/cn';

export const DEFAULT_AVATAR = '/default-avatar.svg';

const SIZES = { xs: 'size-7', sm: 'size-9', md: 'size-11', lg: 'size-16', xl: 'size-28' } as const;
const PIXELS = { xs: 28, sm: 36, md: 44, lg: 64, xl: 112 } as const;

export interface AvatarProps {
  src?: string | null;
  /** Whose picture this is; empty when a name is shown next to it. */
  alt: string;
  size?: keyof typeof SIZES;
  className?: string;
}

/** A round profile picture, lazy-loaded, with the default avatar when missing or broken. */
export function Avatar({ src, alt, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src && src !== failedSrc ? src : DEFAULT_AVATAR;
  return (
    <img
      src={url}
      alt={alt}
      width={PIXELS[size]}
      height={PIXELS[size]}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src ?? null)}
      className={cn('shrink-0 rounded-full bg-primary-soft object-cover ring-1 ring-border', SIZES[size], className)}
    />
  );
}
