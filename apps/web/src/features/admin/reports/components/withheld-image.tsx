import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { moderatedPostImagePath } from '@alumlink/contract';
import { apiBlob } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

const FRAME = 'h-18 w-24 shrink-0 rounded-lg border';

/** An object URL for the blob while it is shown (revoked after). */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * A removed post's image, which members no longer get: fetched with the administrator's token
 * (GET /social/admin/posts/{id}/image/) so the moderator judging the appeal sees what was posted.
 */
export function WithheldImage({ postId, alt }: { postId: number; alt: string }) {
  const image = useQuery({
    queryKey: adminKeys.postImage(postId),
    queryFn: ({ signal }) => apiBlob(moderatedPostImagePath(postId), { signal }),
    staleTime: Infinity,
  });
  const url = useObjectUrl(image.data);
  if (image.isError) {
    return (
      <span
        className={`${FRAME} flex flex-col items-center justify-center gap-1 border-dashed border-border-strong px-1 text-center text-[11px] leading-tight text-fg-subtle`}
      >
        <ImageOff aria-hidden="true" className="size-4" />
        Image unavailable
      </span>
    );
  }
  if (!url)
    return <span role="status" aria-label="Loading the image" className={`${FRAME} animate-pulse border-border bg-surface-muted`} />;
  return (
    <figure className="shrink-0">
      <img src={url} alt={alt} width={96} height={72} className={`${FRAME} border-border bg-surface-muted object-cover`} />
      <figcaption className="mt-1 text-[11px] text-fg-subtle">Hidden from members</figcaption>
    </figure>
  );
}
