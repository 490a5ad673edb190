import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLongDateTime } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useId, useRef } from 'react';
import { apiErrorCode } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { SettingsPart } from './settings-layout.tsx';
import { failureMessage, settingsTexts } from './settings-texts.ts';
import * as styles from './settings.css.ts';

type Session = RouterOutputs['account']['sessions']['list'][number];

// Times as this browser's clock reads them: it is the user's own device list.
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The account's sessions, last used first: this device marked, every other one with its own
 * "Sign out", and "Sign out everywhere else". A signed-out session is sent to sign in at its next
 * request.
 */
export function SessionsPart() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const sessions = useQuery(trpc.account.sessions.list.queryOptions());
  const revoke = useMutation(trpc.account.sessions.revoke.mutationOptions());
  const revokeOthers = useMutation(trpc.account.sessions.revokeOthers.mutationOptions());
  const busy = revoke.isPending || revokeOthers.isPending;

  // The button pressed goes with its session: focus moves to the list's heading instead of the page.
  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.account.sessions.list.queryFilter());
    title.current?.focus();
  };
  const onError = async (error: unknown) => {
    // Ended meanwhile (it expired, or was signed out elsewhere): what was asked for is so.
    if (apiErrorCode(error) === 'NOT_FOUND') notify.info({ title: failureMessage(error) });
    else notify.error({ title: 'Not signed out', description: failureMessage(error) });
    await refresh();
  };
  const signOut = (session: Session) =>
    revoke.mutate(
      { sessionId: session.id },
      {
        onSuccess: async (answer) => {
          notify.success({ title: answer.message });
          await refresh();
        },
        onError,
      },
    );
  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: async (answer) => {
        notify.success({ title: answer.message });
        await refresh();
      },
      onError,
    });

  const list = sessions.data;
  const others = list?.filter((session) => !session.current) ?? [];
  return (
    <SettingsPart title="Where you’re signed in" titleId={titleId} titleRef={title} description={settingsTexts.sessionsIntro}>
      {list ? (
        <>
          <ul className={styles.sessions} aria-labelledby={titleId}>
            {list.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                isDisabled={busy}
                isSigningOut={revoke.isPending && revoke.variables.sessionId === session.id}
                onSignOut={() => signOut(session)}
              />
            ))}
          </ul>
          {others.length > 0 ? (
            <div className={styles.actions}>
              <Button variant="outline" isDisabled={busy} onPress={signOutOthers}>
                {revokeOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
              </Button>
            </div>
          ) : (
            <p className={styles.small}>You are signed in on this device only.</p>
          )}
        </>
      ) : sessions.isError ? (
        <div className={styles.failure}>
          <p role="alert">We couldn’t load where you are signed in.</p>
          <Button variant="outline" onPress={() => void sessions.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div role="status" aria-label="Loading where you are signed in">
          <Skeleton height="4rem" />
        </div>
      )}
    </SettingsPart>
  );
}

interface SessionItemProps {
  readonly session: Session;
  readonly isDisabled: boolean;
  readonly isSigningOut: boolean;
  readonly onSignOut: () => void;
}

function SessionItem({ session, isDisabled, isSigningOut, onSignOut }: SessionItemProps) {
  const nameId = useId();
  const zone = browserZone();
  return (
    <li className={styles.session}>
      <div className={styles.sessionText}>
        <p id={nameId} className={styles.sessionName}>
          <span>
            {session.browser} on {session.os}
          </span>
          {session.current ? <Badge color="green">This device</Badge> : null}
        </p>
        <p className={styles.sessionMeta}>
          Last active <time dateTime={session.lastUsedAt.toISOString()}>{formatLongDateTime(session.lastUsedAt, zone)}</time> · Signed in{' '}
          <time dateTime={session.startedAt.toISOString()}>{formatLongDateTime(session.startedAt, zone)}</time> · IP address {session.address}
        </p>
      </div>
      {session.current ? null : (
        // Its name in context: "Sign out", described by the session it ends.
        <Button variant="outline" size="sm" aria-describedby={nameId} isDisabled={isDisabled} onPress={onSignOut}>
          {isSigningOut ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
