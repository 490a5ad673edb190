import { startTransition, useEffect, useState } from 'react';

/**
 * False until `ms` have passed since the component mounted: a loading state shown for a minimum
 * time. What replaces it renders as a transition, in slices that leave the browser free between them.
 */
export function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = window.setTimeout(() => startTransition(() => setElapsed(true)), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return elapsed;
}
