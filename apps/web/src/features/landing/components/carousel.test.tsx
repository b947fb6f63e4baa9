import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchMediaQueries } from '@/testing/match-media';
import { Carousel, CAROUSEL_INTERVAL_MS } from './carousel';

const slides = ['First', 'Second', 'Third'].map((name) => ({ id: name, content: <p>{name} slide</p> }));

function activeSlide() {
  // Inactive slides are aria-hidden, so only the shown one is in the accessibility tree.
  return screen.getByRole('group');
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is announced as a carousel of slides', () => {
    render(<Carousel slides={slides} label="Highlights" />);
    expect(screen.getByRole('region', { name: 'Highlights' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(activeSlide()).toHaveAttribute('aria-roledescription', 'slide');
    expect(activeSlide()).toHaveAccessibleName('1 of 3');
  });

  it('advances every 4000 ms and wraps from the last slide to the first', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(4000);
    render(<Carousel slides={slides} label="Highlights" />);
    advance(3999);
    expect(activeSlide()).toHaveTextContent('First slide');
    advance(1);
    expect(activeSlide()).toHaveTextContent('Second slide');
    advance(4000);
    expect(activeSlide()).toHaveTextContent('Third slide');
    advance(4000);
    expect(activeSlide()).toHaveTextContent('First slide');
  });

  it('moves with the previous and next buttons, wrapping both ways', () => {
    render(<Carousel slides={slides} label="Highlights" />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeSlide()).toHaveTextContent('Third slide');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()).toHaveTextContent('First slide');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()).toHaveTextContent('Second slide');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    render(<Carousel slides={slides} label="Highlights" />);
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(carousel);
    advance(12_000);
    expect(activeSlide()).toHaveTextContent('First slide');
    expect(carousel.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    fireEvent.mouseLeave(carousel);
    advance(4000);
    expect(activeSlide()).toHaveTextContent('Second slide');
  });

  it('pauses while something inside has focus', () => {
    render(<Carousel slides={slides} label="Highlights" />);
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => next.focus());
    advance(8000);
    expect(activeSlide()).toHaveTextContent('First slide');
    act(() => next.blur());
    advance(4000);
    expect(activeSlide()).toHaveTextContent('Second slide');
  });

  it('does not move on its own when the user prefers reduced motion', () => {
    matchMediaQueries('(prefers-reduced-motion: reduce)');
    render(<Carousel slides={slides} label="Highlights" />);
    advance(20_000);
    expect(activeSlide()).toHaveTextContent('First slide');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()).toHaveTextContent('Second slide');
  });
});
