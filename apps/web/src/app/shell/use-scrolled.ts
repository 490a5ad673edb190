import { HEADER_SCROLL_THRESHOLD_PX } from '@wellspring/domain';
import { useEffect, useState } from 'react';

/** The header's scrolled state turns on after more than 20 px of vertical scroll (docs/product.md#header-and-footer). */

export function useScrolledPast(threshold: number = HEADER_SCROLL_THRESHOLD_PX): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
