import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui';

/**
 * Infinite scroll: asks for the next page when it nears the viewport; the button stays for
 * keyboards, browsers without IntersectionObserver and a page that failed.
 */
export function InfiniteSentinel({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver !== 'function') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const current = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && current.hasMore && !current.loading) current.onLoadMore();
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
          Show more people
        </Button>
      ) : null}
    </div>
  );
}
