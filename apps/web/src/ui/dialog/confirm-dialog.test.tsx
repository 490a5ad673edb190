import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Harness({ isPending = false, onConfirm }: { readonly isPending?: boolean; readonly onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'asking' : 'closed'}</p>
      <ConfirmDialog
        title="Void INV-0001?"
        isOpen={open}
        isPending={isPending}
        confirmLabel="Void invoice"
        pendingLabel="Voiding..."
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
      >
        The invoice stays on record as void.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks as an alert dialog with the safe choice focused, so Enter does nothing final', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Void INV-0001?' });
    expect(dialog.textContent).toContain('The invoice stays on record as void.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('acts only through the button that says what it does', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Void invoice' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape while idle', async () => {
    render(<Harness onConfirm={vi.fn()} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('holds while the action runs: both buttons disabled, the acting one says so, Escape does not close it', async () => {
    render(<Harness isPending onConfirm={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Voiding...' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
