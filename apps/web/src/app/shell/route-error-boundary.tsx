import { siteMessages } from '@wellspring/domain';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LinkButton } from '../../ui/button/button.tsx';
import * as styles from './status-page.css.ts';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

function ErrorScreen({ error }: { error: unknown }) {
  return (
    <section className={styles.page} aria-labelledby="error-title" role="alert">
      <h1 id="error-title" className={styles.title}>
        {siteMessages.unexpectedError}
      </h1>
      <p className={styles.details}>{messageOf(error)}</p>
      <LinkButton href="/" variant="outline">
        {siteMessages.notFound.action}
      </LinkButton>
    </section>
  );
}

interface State {
  readonly error: unknown;
  readonly hasError: boolean;
}

/** Catches what a route throws while rendering and shows the error screen instead of a blank page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
