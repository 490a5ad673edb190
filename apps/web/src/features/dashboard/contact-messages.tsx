import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { countOf, formatLongDateTime } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useState } from 'react';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { MailIcon } from '../../ui/icons/icons.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import * as styles from './contact-messages.css.ts';

type ContactMessages = RouterOutputs['contactMessages']['list'];
type ContactMessage = ContactMessages['messages'][number];

const CONTACT_MESSAGES_LOAD_FAILED = 'Failed to load your messages. Please try again.';

/**
 * The messages visitors sent from the practitioner's public profile (issue 16): newest first, the
 * unread ones marked, with the unread count in the heading. Opening one shows all of it and marks it
 * read.
 */
export function ContactMessagesSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.contactMessages.list.queryOptions());
  const [openId, setOpenId] = useState<string | null>(null);
  const markRead = useMutation(
    trpc.contactMessages.markRead.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.contactMessages.list.pathFilter()),
      onError: () => notify.error({ title: 'Could not mark the message read', description: 'Please try again.' }),
    }),
  );

  const open = (message: ContactMessage) => {
    setOpenId(message.id);
    if (message.readAt === null) markRead.mutate({ id: message.id });
  };

  const opened = list.data?.messages.find((message) => message.id === openId) ?? null;
  return (
    <Card as="section" aria-labelledby="dashboard-messages" padding="lg" className={styles.section}>
      <h2 id="dashboard-messages" className={styles.heading}>
        Messages from Your Profile
        {list.data && list.data.unread > 0 ? <Badge tone="primary">{list.data.unread} unread</Badge> : null}
      </h2>
      <p className={styles.intro}>What visitors send with Contact on your public profile. Each message is e-mailed to you as well.</p>
      {list.isPending ? (
        <div role="status" aria-label="Loading messages" className={styles.list}>
          <Skeleton height="4.5rem" />
          <Skeleton height="4.5rem" />
        </div>
      ) : list.isError ? (
        <div role="alert" className={styles.failure}>
          <p>{CONTACT_MESSAGES_LOAD_FAILED}</p>
          <Button variant="outline" size="sm" onPress={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.messages.length === 0 ? (
        <EmptyState icon={<MailIcon />} title="No messages yet" description="When a visitor contacts you from your profile, their message appears here." />
      ) : (
        <>
          <p className={styles.when}>
            {countOf(list.data.total, 'message')}, {list.data.unread} unread
          </p>
          <ul className={styles.list} aria-label="Messages, newest first">
            {list.data.messages.map((message) => (
              <MessageRow key={message.id} message={message} timeZone={list.data.timeZone} onOpen={() => open(message)} />
            ))}
          </ul>
        </>
      )}
      {opened && list.data ? <MessageDialog message={opened} timeZone={list.data.timeZone} onClose={() => setOpenId(null)} /> : null}
    </Card>
  );
}

function MessageRow({ message, timeZone, onOpen }: { message: ContactMessage; timeZone: string; onOpen: () => void }) {
  const unread = message.readAt === null;
  return (
    <li className={[styles.messageRow, unread ? styles.unreadRow : ''].filter(Boolean).join(' ')}>
      <div>
        <div className={styles.head}>
          <span className={styles.sender}>{message.senderName}</span>
          {unread ? <Badge tone="primary">New</Badge> : null}
          <span className={styles.when}>{formatLongDateTime(message.sentAt, timeZone)}</span>
        </div>
        <p className={styles.snippet}>{message.message}</p>
      </div>
      <Button variant={unread ? 'primary' : 'outline'} size="sm" onPress={onOpen} aria-label={`Open message from ${message.senderName}${unread ? ' (unread)' : ''}`}>
        Open
      </Button>
    </li>
  );
}

function MessageDialog({ message, timeZone, onClose }: { message: ContactMessage; timeZone: string; onClose: () => void }) {
  return (
    <Dialog
      title={`Message from ${message.senderName}`}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <dl className={styles.details}>
        <dt className={styles.detailLabel}>Sent</dt>
        <dd className={styles.detailValue}>{formatLongDateTime(message.sentAt, timeZone)}</dd>
        <dt className={styles.detailLabel}>E-mail</dt>
        <dd className={styles.detailValue}>
          <TextLink href={`mailto:${message.senderEmail}`}>{message.senderEmail}</TextLink>
        </dd>
        {message.senderPhone ? (
          <>
            <dt className={styles.detailLabel}>Phone</dt>
            <dd className={styles.detailValue}>
              <TextLink href={`tel:${message.senderPhone.replace(/[^\d+]/g, '')}`}>{message.senderPhone}</TextLink>
            </dd>
          </>
        ) : null}
      </dl>
      <p className={styles.body}>{message.message}</p>
      <div className={styles.actions}>
        <Button variant="outline" onPress={onClose}>
          Close
        </Button>
        <LinkButton href={`mailto:${message.senderEmail}?subject=${encodeURIComponent('Re: your message on Wellspring')}`}>
          <MailIcon size={18} />
          Reply by e-mail
        </LinkButton>
      </div>
    </Dialog>
  );
}
