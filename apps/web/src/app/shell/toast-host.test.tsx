import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../../lib/toast.tsx';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { Dialog } from '../../ui/dialog/dialog.tsx';

describe('toasts', () => {
  it('are heard while a dialog is open (a failed save keeps its dialog open)', async () => {
    stubMatchMedia();
    renderWithProviders(
      <Dialog title="Schedule New Appointment" isOpen onOpenChange={() => undefined}>
        <p>Form</p>
      </Dialog>,
    );
    expect(await screen.findByRole('dialog')).toBeTruthy();
    notify.error({ title: 'Error scheduling appointment', description: 'Please try again later.' });
    // findToast looks up role="alert" the way a screen reader does: hidden subtrees do not count.
    const toast = await findToast('Error scheduling appointment');
    expect(toast.closest('[aria-hidden="true"]')).toBeNull();
  });
});
