import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Heading,
  Modal,
  ModalOverlay,
  type DialogProps as AriaDialogProps,
} from 'react-aria-components';
import * as styles from './dialog.css.ts';

export type DialogProps = Omit<AriaDialogProps, 'className' | 'children'> & {
  title: ReactNode;
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  isDismissable?: boolean;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
};

/** A modal dialog with a title; open it with DialogTrigger or the isOpen prop. */
export function Dialog({ title, children, isDismissable = true, isOpen, onOpenChange, ...props }: DialogProps) {
  return (
    <ModalOverlay isDismissable={isDismissable} isOpen={isOpen} onOpenChange={onOpenChange} className={styles.overlay}>
      <Modal className={styles.modal}>
        <AriaDialog {...props} className={styles.dialog}>
          {({ close }) => (
            <>
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
              {typeof children === 'function' ? children({ close }) : children}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
