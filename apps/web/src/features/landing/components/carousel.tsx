import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { usePrefersReducedMotion } from '@/lib/use-media-query';

/** Auto-advance interval of the landing carousel (specification: 4000 ms). */
export const CAROUSEL_INTERVAL_MS = 4000;

export interface CarouselSlide {
  id: string;
  content: ReactNode;
}

const controlClasses =
  'inline-flex size-10 items-center justify-center rounded-full border border-border bg-surface text-fg shadow-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring';

/**
 * Rotating slides: advance every interval and wrap around; pause while hovered or focused,
 * when paused by the button, and never move on their own when the user prefers reduced motion.
 */
export function Carousel({
  slides,
  label,
  intervalMs = CAROUSEL_INTERVAL_MS,
}: {
  slides: CarouselSlide[];
  label: string;
  intervalMs?: number;
}) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = slides.length;
  const paused = hovered || focused || stopped || reducedMotion;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [index, paused, count, intervalMs]);

  const showPrevious = () => setIndex((current) => (current - 1 + count) % count);
  const showNext = () => setIndex((current) => (current + 1) % count);

  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={handleBlur}
      className="relative min-w-0"
    >
      <div className="overflow-hidden rounded-(--radius-card)">
        <div
          aria-live={paused ? 'polite' : 'off'}
          className={cn('flex', !reducedMotion && 'transition-transform duration-500 ease-out')}
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {slides.map((slide, slideIndex) => {
            const active = slideIndex === index;
            return (
              <div
                key={slide.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${slideIndex + 1} of ${count}`}
                aria-hidden={!active}
                inert={!active}
                className="w-full shrink-0"
              >
                {slide.content}
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <button type="button" className={controlClasses} onClick={showPrevious} aria-label="Previous slide">
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <div className="flex items-center gap-1">
          {slides.map((slide, slideIndex) => (
            <button
              key={slide.id}
              type="button"
              onClick={() => setIndex(slideIndex)}
              aria-label={`Go to slide ${slideIndex + 1}`}
              aria-current={slideIndex === index ? 'true' : undefined}
              className="flex size-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span
                aria-hidden="true"
                className={cn('block h-2 rounded-full transition-all', slideIndex === index ? 'w-6 bg-primary' : 'w-2 bg-border-strong')}
              />
            </button>
          ))}
        </div>
        <button type="button" className={controlClasses} onClick={showNext} aria-label="Next slide">
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          className={controlClasses}
          onClick={() => setStopped((value) => !value)}
          aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
        >
          {stopped ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
        </button>
      </div>
    </section>
  );
}
