import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { communityMessages, eventFormatLabels, eventFormats, eventTypeLabel, eventTypeLabels, eventTypes, type EventFormatFilter, type EventTypeFilter } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useState } from 'react';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { CalendarIcon, CheckIcon, ClockIcon, MapPinIcon, UsersIcon } from '../../ui/icons/icons.tsx';
import { Select } from '../../ui/select/select.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { LoadFailed } from './community-shared.tsx';
import * as styles from './community.css.ts';

type CommunityEvent = RouterOutputs['community']['events'][number];

const typeItems = [{ id: 'all', label: 'All types' }, ...eventTypes.map((type) => ({ id: type, label: eventTypeLabels[type] }))];
const formatItems = [{ id: 'all', label: 'All formats' }, ...eventFormats.map((format) => ({ id: format, label: eventFormatLabels[format] }))];
const isTypeFilter = (key: unknown): key is EventTypeFilter => typeItems.some((item) => item.id === key);
const isFormatFilter = (key: unknown): key is EventFormatFilter => formatItems.some((item) => item.id === key);

// In the viewer's own time zone (the browser's).
const dateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'long', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const zoneFormat = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' });
const zoneName = (date: Date) => zoneFormat.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
const timeRange = (event: CommunityEvent) => `${timeFormat.format(event.startsAt)} - ${timeFormat.format(event.endsAt)} ${zoneName(event.startsAt)}`;

/** Does nothing, as in the spec (docs/product.md#events: Calendar View and Show More Events). */
const nothing = () => undefined;

/** docs/product.md#events: filters, cards, RSVP stored once (with its e-mail), a calendar file per event. */
export function EventsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<EventTypeFilter>('all');
  const [format, setFormat] = useState<EventFormatFilter>('all');
  const events = useQuery({ ...trpc.community.events.queryOptions({ type, format }), placeholderData: keepPreviousData });
  const rsvp = useMutation(
    trpc.community.rsvp.mutationOptions({
      onSuccess: async (event) => {
        if (event.goingByMe) notify.success({ title: communityMessages.rsvp.title, description: communityMessages.rsvp.description });
        else notify.info({ title: 'RSVP cancelled' });
        await queryClient.invalidateQueries(trpc.community.events.queryFilter());
      },
      onError: (error) => notify.error({ title: 'Could not save your RSVP', description: apiErrorMessage(error) ?? 'Please try again.' }),
    }),
  );

  return (
    <section className={styles.stack} aria-labelledby="events-title">
      <div className={styles.toolbar}>
        <h2 id="events-title" className={styles.sideTitle}>
          Upcoming Events
        </h2>
        <Button variant="outline" size="sm" onPress={nothing}>
          <CalendarIcon size={16} aria-hidden="true" /> Calendar View
        </Button>
      </div>
      <div className={styles.filters}>
        <Select label="Event type" items={typeItems} selectedKey={type} onSelectionChange={(key) => setType(isTypeFilter(key) ? key : 'all')} className={styles.filter} />
        <Select label="Format" items={formatItems} selectedKey={format} onSelectionChange={(key) => setFormat(isFormatFilter(key) ? key : 'all')} className={styles.filter} />
      </div>
      {events.isPending ? (
        <Skeleton height="16rem" />
      ) : events.isError ? (
        <LoadFailed onRetry={() => void events.refetch()} />
      ) : events.data.length === 0 ? (
        <p className={styles.muted}>No events match these filters.</p>
      ) : (
        <ul className={styles.grid} aria-label="Events">
          {events.data.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              pending={rsvp.isPending && rsvp.variables.id === event.id}
              onRsvp={(going) => rsvp.mutate({ id: event.id, going })}
            />
          ))}
        </ul>
      )}
      <div className={styles.center}>
        <Button variant="outline" onPress={nothing}>
          Show More Events
        </Button>
      </div>
    </section>
  );
}

function EventCard({ event, pending, onRsvp }: { event: CommunityEvent; pending: boolean; onRsvp: (going: boolean) => void }) {
  return (
    <Card as="li" className={styles.eventCard} aria-labelledby={`event-${event.id}`}>
      <img src={event.image} alt="" className={styles.cardImage} loading="lazy" />
      <div className={styles.meta}>
        <Badge tone="primary">{eventTypeLabel(event.type)}</Badge>
        <Badge tone="outline">{event.isVirtual ? eventFormatLabels.virtual : eventFormatLabels['in-person']}</Badge>
        <span className={styles.metaItem}>
          <UsersIcon size={16} aria-hidden="true" /> {event.attendees} attending
        </span>
      </div>
      <h3 id={`event-${event.id}`} className={styles.cardTitle} style={{ marginTop: '0.5rem' }}>
        {event.title}
      </h3>
      <ul className={styles.details}>
        <li className={styles.metaItem}>
          <CalendarIcon size={16} aria-hidden="true" /> {dateFormat.format(event.startsAt)}
        </li>
        <li className={styles.metaItem}>
          <ClockIcon size={16} aria-hidden="true" /> {timeRange(event)}
        </li>
        <li className={styles.metaItem}>
          <MapPinIcon size={16} aria-hidden="true" /> {event.location}
        </li>
      </ul>
      <p className={styles.muted}>{event.description}</p>
      <div className={[styles.actions, styles.push].join(' ')}>
        {event.goingByMe ? (
          <>
            <span className={[styles.metaItem, styles.liked].join(' ')}>
              <CheckIcon size={16} aria-hidden="true" /> You're going
            </span>
            <Button variant="ghost" size="sm" isPending={pending} onPress={() => onRsvp(false)} aria-label={`Cancel RSVP to ${event.title}`}>
              Cancel RSVP
            </Button>
          </>
        ) : (
          <Button size="sm" isPending={pending} onPress={() => onRsvp(true)} aria-label={`RSVP to ${event.title}`}>
            RSVP
          </Button>
        )}
        <LinkButton
          variant="outline"
          size="sm"
          href={`/api/community/events/${encodeURIComponent(event.id)}/calendar.ics`}
          download
          aria-label={`Add to calendar: ${event.title}`}
          onPress={() => notify.success({ title: communityMessages.addedToCalendar })}
        >
          <CalendarIcon size={16} aria-hidden="true" /> Add to calendar
        </LinkButton>
      </div>
    </Card>
  );
}
