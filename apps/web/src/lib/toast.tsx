import type * as Toastify from 'react-toastify';
import * as styles from './toast.css.ts';

export interface ToastMessage {
  readonly title: string;
  readonly description?: string;
}

function ToastContent({ title, description }: ToastMessage) {
  return (
    <div className={styles.toastBody}>
      <strong className={styles.toastTitle}>{title}</strong>
      {description ? <span className={styles.toastDescription}>{description}</span> : null}
    </div>
  );
}

/*
 * react-toastify is loaded with the first toast, not with the page: the landing page ships less
 * JavaScript. Toasts raised before its container mounts are queued by react-toastify and shown
 * once it does.
 */
let toastify: Promise<typeof Toastify> | undefined;
let requested = false;
const requestListeners = new Set<() => void>();

function loadToastify(): Promise<typeof Toastify> {
  toastify ??= import('react-toastify');
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  return toastify;
}

/** For the toast host: whether a toast has been asked for yet (then it mounts the container). */
export const toastRequests = {
  subscribe(listener: () => void): () => void {
    requestListeners.add(listener);
    return () => requestListeners.delete(listener);
  },
  getSnapshot: (): boolean => requested,
};

type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, message: ToastMessage): void {
  void loadToastify().then(({ toast }) => {
    toast[kind](<ToastContent {...message} />);
  });
}

/** Every toast has a title and, usually, a description (docs/product.md#toasts). */
export const notify = {
  success: (message: ToastMessage) => show('success', message),
  error: (message: ToastMessage) => show('error', message),
  info: (message: ToastMessage) => show('info', message),
};
