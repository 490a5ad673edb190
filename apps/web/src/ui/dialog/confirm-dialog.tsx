import type { ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from './dialog.tsx';
import * as styles from './dialog.css.ts';

export interface ConfirmDialogProps {
  readonly title: ReactNode;
  /** What the action does, in a sentence or two (a paragraph's text). */
  readonly children: ReactNode;
  /** The acting button: says what it does ("Delete", "Void invoice"). */
  readonly confirmLabel: string;
  /** The acting button while the action runs ("Voiding..."); the confirm label if none. */
  readonly pendingLabel?: string;
  /** The safe choice; "Cancel" unless the action is itself a cancel ("Keep it"). */
  readonly cancelLabel?: string;
  readonly isOpen: boolean;
  /** While the action runs, both buttons are disabled and the dialog cannot be dismissed. */
  readonly isPending?: boolean;
  readonly onConfirm: () => void;
  /** The safe choice, Escape or a click outside: the caller closes the dialog. */
  readonly onCancel: () => void;
}

/**
 * The question before a final action (an alert dialog): the safe choice has focus, so Enter or a
 * stray click does nothing final; the acting button says what it does. The caller closes it, at once
 * or once the action is done.
 */
export function ConfirmDialog({ title, children, confirmLabel, pendingLabel, cancelLabel = 'Cancel', isOpen, isPending = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      title={title}
      isOpen={isOpen}
      isDismissable={!isPending}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
    >
      <p>{children}</p>
      <div className={styles.actions}>
        <Button variant="outline" isDisabled={isPending} onPress={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button isDisabled={isPending} onPress={onConfirm}>
          {isPending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
