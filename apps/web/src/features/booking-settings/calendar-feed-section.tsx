import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '@wellspring/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { apiErrorCode, apiErrorMessage } from '../../lib/api-errors.ts';
import { copyText } from '../../lib/clipboard.ts';
import { scrollToSection, useScrollTarget } from '../../lib/scroll.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Checkbox } from '../../ui/checkbox/checkbox.tsx';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './calendar-feed.css.ts';

/** The section's id: the schedule's "Calendar sync" link opens `/dashboard/booking#calendar-sync`. */
const CALENDAR_SYNC_SECTION_ID = 'calendar-sync';

const calendarFeedTexts = {
  title: 'Calendar sync',
  subscribe: 'Subscribe to this private link in Google Calendar, Apple Calendar or Outlook',
  none: 'See your Wellspring appointments in Google Calendar, Apple Calendar or Outlook through a private link that only you have.',
  how: 'Google Calendar: Other calendars, then From URL. Apple Calendar: File, then New Calendar Subscription. Outlook: Add calendar, then Subscribe from web. Calendars fetch updates on their own schedule, from every few minutes to several hours.',
  keepPrivate: 'Anyone who has this link can see your appointment times. Keep it private; regenerate it if it was shared by mistake.',
  broken: 'This link no longer works. Regenerate it to get a new one.',
  linkLabel: 'Private calendar link',
  showNames: 'Show patients’ names in the feed',
  namesOff: 'Off: each appointment shows only that the time is booked, its length and whether it is virtual, e.g. “Booked — 60 min, virtual”.',
  namesBefore: 'If you turn this on, calendars you share with others will show your patients’ names too.',
  namesWarning: 'Calendars you share with others, or that sync to other devices and accounts, will show your patients’ names too. Notes and reasons are never included.',
  regenerateTitle: 'Regenerate the calendar link?',
  regenerateBody: 'The current link stops working at once. Every calendar subscribed to it stops updating until you subscribe to the new link.',
  loadFailed: 'We couldn’t load your calendar link.',
  copied: 'Link copied',
  created: 'Calendar link created',
  regenerated: 'New calendar link created',
  regeneratedDescription: 'The old link no longer works.',
  turnedOff: 'Calendar link turned off',
  turnedOffDescription: 'The link no longer works.',
  namesShown: 'Patients’ names will show in the feed',
  namesHidden: 'Patients’ names are hidden in the feed',
  failed: 'Your calendar link was not changed',
  unreachable: 'We could not reach Wellspring. Please check your connection and try again.',
} as const;

/** How long the Copy button says "Copied" (docs/product.md#referral-codes: the copied indicator shows for 2 s). */
const COPIED_MS = 2000;

function failure(error: unknown): string {
  if (apiErrorCode(error) === undefined) return calendarFeedTexts.unreachable;
  return apiErrorMessage(error) ?? 'Please try again.';
}

/**
 * Calendar sync (issue 24): the practice's private ICS feed. Its link (shown again at any time; the
 * server derives it, never stores it), Copy, Create / Regenerate (confirmed: the old link dies at
 * once) / Turn off, and the explicit opt-in to patients' names.
 */
export function CalendarFeedSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const privateNoteId = useId();
  const status = useQuery(trpc.calendarFeed.status.queryOptions());
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  useScrollTarget(CALENDAR_SYNC_SECTION_ID);
  // A page opened at /dashboard/booking#calendar-sync (typed, or from a bookmark).
  useEffect(() => {
    if (window.location.hash === `#${CALENDAR_SYNC_SECTION_ID}`) scrollToSection(CALENDAR_SYNC_SECTION_ID);
  }, []);

  const store = (next: CalendarFeedStatus) => queryClient.setQueryData(trpc.calendarFeed.status.queryKey(), next);
  const onError = (error: unknown) => notify.error({ title: calendarFeedTexts.failed, description: failure(error) });
  const enable = useMutation(trpc.calendarFeed.enable.mutationOptions({ onSuccess: (next) => { store(next); notify.success({ title: calendarFeedTexts.created }); }, onError }));
  const regenerate = useMutation(
    trpc.calendarFeed.regenerate.mutationOptions({
      onSuccess: (next) => {
        store(next);
        setConfirming(false);
        notify.success({ title: calendarFeedTexts.regenerated, description: calendarFeedTexts.regeneratedDescription });
      },
      onError,
    }),
  );
  const disable = useMutation(trpc.calendarFeed.disable.mutationOptions({ onSuccess: (next) => { store(next); notify.success({ title: calendarFeedTexts.turnedOff, description: calendarFeedTexts.turnedOffDescription }); }, onError }));
  const showNames = useMutation(
    trpc.calendarFeed.setShowsNames.mutationOptions({
      onSuccess: (next) => {
        store(next);
        notify.success({ title: next.showsNames ? calendarFeedTexts.namesShown : calendarFeedTexts.namesHidden });
      },
      onError,
    }),
  );
  const busy = enable.isPending || regenerate.isPending || disable.isPending || showNames.isPending;

  const copy = async (url: string) => {
    if (await copyText(url)) {
      notify.success({ title: calendarFeedTexts.copied });
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } else notify.error({ title: 'Could not copy the link', description: 'Select the link and copy it yourself.' });
  };

  const feed = status.data;
  return (
    <Card as="section" padding="lg" id={CALENDAR_SYNC_SECTION_ID} tabIndex={-1} aria-labelledby={titleId} className={styles.section}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {calendarFeedTexts.title}
        </h2>
        <p className={styles.muted}>{feed?.url ? `${calendarFeedTexts.subscribe}.` : feed?.enabled ? calendarFeedTexts.broken : calendarFeedTexts.none}</p>
      </div>

      {feed ? (
        <>
          {feed.url ? (
            <>
              <div className={styles.linkRow}>
                <TextField
                  label={calendarFeedTexts.linkLabel}
                  value={feed.url}
                  isReadOnly
                  className={styles.linkField}
                  aria-describedby={privateNoteId}
                  // Focus selects the whole link, to copy by hand where the clipboard is refused.
                  onFocus={(event) => (event.target as HTMLInputElement).select()}
                />
                <Button variant="secondary" onPress={() => void copy(feed.url ?? '')}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              </div>
              <p id={privateNoteId} className={styles.muted}>
                {calendarFeedTexts.keepPrivate}
              </p>
              <p className={styles.small}>{calendarFeedTexts.how}</p>
            </>
          ) : null}
          <div className={styles.actions}>
            {feed.enabled ? (
              <>
                <Button variant="outline" isDisabled={busy} onPress={() => setConfirming(true)}>
                  Regenerate link
                </Button>
                <Button variant="outline" isDisabled={busy} onPress={() => disable.mutate()}>
                  {disable.isPending ? 'Turning off...' : 'Turn off'}
                </Button>
              </>
            ) : (
              <Button isDisabled={busy} onPress={() => enable.mutate()}>
                {enable.isPending ? 'Creating...' : 'Create link'}
              </Button>
            )}
          </div>
          <div className={styles.names}>
            <Checkbox isSelected={feed.showsNames} isDisabled={busy} onChange={(showsNames) => showNames.mutate({ showsNames })}>
              {calendarFeedTexts.showNames}
            </Checkbox>
            {feed.showsNames ? (
              <p className={styles.warning} role="note">
                {calendarFeedTexts.namesWarning}
              </p>
            ) : (
              <p className={styles.muted}>
                {calendarFeedTexts.namesOff} {calendarFeedTexts.namesBefore}
              </p>
            )}
          </div>
        </>
      ) : status.isError ? (
        <div className={styles.actions}>
          <p role="alert">{calendarFeedTexts.loadFailed}</p>
          <Button variant="outline" onPress={() => void status.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div role="status" aria-label="Loading your calendar link">
          <Skeleton height="5rem" />
        </div>
      )}

      <ConfirmDialog
        title={calendarFeedTexts.regenerateTitle}
        isOpen={confirming}
        isPending={regenerate.isPending}
        confirmLabel="Regenerate link"
        pendingLabel="Regenerating..."
        onCancel={() => setConfirming(false)}
        onConfirm={() => regenerate.mutate()}
      >
        {calendarFeedTexts.regenerateBody}
      </ConfirmDialog>
    </Card>
  );
}
