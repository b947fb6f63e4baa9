import { useEffect, useState } from 'react';
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
 * Counts from 0 up to `target` in 50 steps every 30 ms; shows the target at once when the
 * person prefers reduced motion. A new target starts a new count.
 */
export function useCountUp(target: number): number {
  const reducedMotion = usePrefersReducedMotion();
  const [step, setStep] = useState(reducedMotion ? COUNT_UP_STEPS : 0);

  useEffect(() => {
    if (reducedMotion) {
      setStep(COUNT_UP_STEPS);
      return undefined;
    }
    let current = 0;
    setStep(0);
    const timer = window.setInterval(() => {
      current += 1;
      setStep(current);
      if (current >= COUNT_UP_STEPS) window.clearInterval(timer);
    }, COUNT_UP_TICK_MS);
    return () => window.clearInterval(timer);
  }, [target, reducedMotion]);

  return countUpValue(target, step);
}
