import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes and chunks load through the module graph; on a busy machine that can take more than
// the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no `CSS` namespace; react-aria's popovers (Select) call `CSS.escape`.
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, {
    CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`), supports: () => false },
  });
}

afterEach(async () => {
  cleanup();
  // The API's QueryClient is a page-wide singleton (lib/api): each test starts with an empty cache.
  const { queryClient } = await import('../lib/api.tsx');
  queryClient.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  document.body.style.overflow = '';
});
