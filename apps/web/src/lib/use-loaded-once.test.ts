import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoadedOnce, type FirstLoad } from './use-loaded-once';

const loading = { isLoading: true };
const done = { isLoading: false };

describe('useLoadedOnce', () => {
  it('is false while any query waits for its first answer, then true, and stays true when one waits again', () => {
    const { result, rerender } = renderHook(({ queries }: { queries: FirstLoad[] }) => useLoadedOnce(queries), {
      initialProps: { queries: [done, loading] },
    });
    expect(result.current).toBe(false);
    rerender({ queries: [done, done] });
    expect(result.current).toBe(true);
    // A new filter: the list waits again, the sections below it stay.
    rerender({ queries: [loading, done] });
    expect(result.current).toBe(true);
  });

  it('is true at once when nothing waits (answers in the cache, queries turned off)', () => {
    const { result } = renderHook(() => useLoadedOnce([done, done]));
    expect(result.current).toBe(true);
  });
});
