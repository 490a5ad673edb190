import { accountMessages } from '@wellspring/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiProvider } from '../../lib/api.tsx';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Card } from '../../ui/card/card.tsx';
import { LinkButton } from '../../ui/button/button.tsx';
import * as styles from './auth.css.ts';
import { useLinkToken } from './link-token.ts';
import { Notice } from '../../ui/notice/notice.tsx';

/**
 * `/verify-email#<token>`: the e-mailed link that proves an address (a new account's, or a new
 * address of an account). Opening it is the proof; the page says what happened and where to go.
 */
export function VerifyEmailPage() {
  return (
    <ApiProvider>
      <VerifyEmail />
    </ApiProvider>
  );
}

function VerifyEmail() {
  useDocumentTitle('Confirm your email address');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const token = useLinkToken();
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.auth.me.pathFilter()) }));
  const { mutate } = verify;
  // Once: a link works once, so a second call (a re-render, StrictMode's double effect) would fail it.
  const sent = useRef(false);
  useEffect(() => {
    if (token === '' || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  const failed = token === '' || verify.isError;
  return (
    <div className={styles.page}>
      <Card as="section" padding="lg" tone="raised" className={styles.card} aria-labelledby="verify-title">
        <div className={styles.header}>
          <h1 id="verify-title" className={styles.title}>
            Confirm your email address
          </h1>
        </div>
        {failed ? (
          <Notice role="alert" size="sm">
            {(verify.isError ? apiErrorMessage(verify.error) : null) ?? accountMessages.linkInvalid} Your dashboard has a button for a new link.
          </Notice>
        ) : verify.isSuccess ? (
          <Notice role="status" size="sm">
            {verify.data.message}
          </Notice>
        ) : (
          <p className={styles.subtitle}>Confirming...</p>
        )}
        {failed || verify.isSuccess ? (
          <LinkButton href="/dashboard" fullWidth>
            Go to your dashboard
          </LinkButton>
        ) : null}
      </Card>
    </div>
  );
}
