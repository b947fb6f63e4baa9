import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label?: string;
  /** Also asks for the next page when the button nears the viewport (infinite scroll). */
  infinite?: boolean;
  className?: string;
}

/**
 * The "Load more" button under a paged list. With `infinite`, a sentinel asks for the next page
 * as it nears the viewport; the button stays for keyboards, browsers without IntersectionObserver
 * and a page that failed.
 */
export function LoadMore({ hasMore, loading, onLoadMore, label = 'Load more', infinite = false, className }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  useEffect(() => {
    const element = sentinel.current;
    if (!infinite || !element || typeof IntersectionObserver !== 'function') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const current = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && current.hasMore && !current.loading) current.onLoadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [infinite]);

  // The infinite sentinel stays in the page even without a next page, so the observer keeps its element.
  if (!hasMore && !infinite) return null;
  return (
    <div ref={sentinel} className={cn('flex justify-center', infinite && 'py-4', className)}>
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} loading={loading}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}
