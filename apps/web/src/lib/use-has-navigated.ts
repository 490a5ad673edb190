import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';

/** False on the address the page opened at; true from the first move to another (path or query), and from then on. */
export function useHasNavigated(): boolean {
  const [location] = useLocation();
  const search = useSearch();
  const address = `${location}?${search}`;
  const [first] = useState(address);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && address !== first) setNavigated(true);
  return navigated || address !== first;
}
