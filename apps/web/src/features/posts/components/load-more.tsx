import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui';

/**
 * Infinite scroll: asks for the next page when the sentinel nears the viewport; the button
 * stays as a fallback (no IntersectionObserver, keyboard users, a failed page).
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  label = 'Load more',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver !== 'function') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, onLoadMore: load } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && more && !busy) load();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={sentinel} className="flex justify-center py-4">
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} loading={loading}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}
