import { useEffect, useState, type RefObject } from 'react';

export interface ScrollEdges {
  /** Content is hidden beyond the left edge. */
  readonly start: boolean;
  /** Content is hidden beyond the right edge. */
  readonly end: boolean;
}

const none: ScrollEdges = { start: false, end: false };

/** Which sides of a horizontally scrolling element hide content, kept up to date as it scrolls or resizes. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(none);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [ref]);
  return edges;
}
