import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/app.tsx';
import { AppProviders } from '../app/providers.tsx';

/** Renders a piece of UI inside the real providers, at `path` of an in-memory location. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook}>
      <AppProviders>{ui}</AppProviders>
    </Router>,
  );
  return { ...result, location };
}

/** Renders the whole app (shell and routes) at `path`. */
export function renderApp({ path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook}>
      <App />
    </Router>,
  );
  return { ...result, location };
}
