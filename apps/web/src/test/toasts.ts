import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Waits for the toast with this title (react-toastify renders each one as role="alert"). */
export function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes(title));
    expect(toast, `toast "${title}"`).toBeTruthy();
    return toast as HTMLElement;
  });
}
