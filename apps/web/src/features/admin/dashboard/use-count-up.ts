import { useEffect, type RefObject } from 'react';
import { usePrefersReducedMotion } from '@/lib/use-media-query';

/** The specification's counter animation: 50 steps, one every 30 ms. */
export const COUNT_UP_STEPS = 50;
export const COUNT_UP_TICK_MS = 30;

/** The value shown after `step` of the steps: 1/50 of the target per step, whole numbers. */
export function countUpValue(target: number, step: number): number {
  if (step >= COUNT_UP_STEPS) return target;
  return Math.round((target * step) / COUNT_UP_STEPS);
}

/**
 * Counts the element's text from 0 up to `target` in 50 steps every 30 ms; shows the target at
 * once when the person prefers reduced motion. A new target starts a new count. Each step writes
 * the element's text directly: a React render per step of every counter kept the dashboard's
 * main thread busy while it loads. Returns the text to render first.
 */
export function useCountUpText(element: RefObject<HTMLElement | null>, target: number, format: (value: number) => string): string {
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const node = element.current;
    if (!node) return undefined;
    if (reducedMotion) {
      node.textContent = format(target);
      return undefined;
    }
    let step = 0;
    node.textContent = format(0);
    const timer = window.setInterval(() => {
      step += 1;
      node.textContent = format(countUpValue(target, step));
      if (step >= COUNT_UP_STEPS) window.clearInterval(timer);
    }, COUNT_UP_TICK_MS);
    return () => window.clearInterval(timer);
  }, [element, target, reducedMotion, format]);

  return format(reducedMotion ? target : 0);
}
