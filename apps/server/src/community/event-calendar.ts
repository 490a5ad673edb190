/**
 * An event as an RFC 5545 calendar file (ical-generator): UID, DTSTAMP, DTSTART/DTEND in the
 * event's own zone (TZID, with its VTIMEZONE from @touch4it/ical-timezones), SUMMARY, LOCATION,
 * DESCRIPTION and a link back to the community's events.
 */
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { wallClockInZone } from '@wellspring/domain';
import ical from 'ical-generator';
import type { CommunityEventView } from './events.repository.ts';

type CalendarEvent = Pick<CommunityEventView, 'id' | 'title' | 'location' | 'description' | 'startsAt' | 'endsAt' | 'timeZone'>;

export function eventCalendarFile(event: CalendarEvent, options: { readonly publicUrl: string; readonly now: Date }): string {
  const host = new URL(options.publicUrl).hostname || 'wellspring.local';
  const calendar = ical({
    prodId: { company: 'Wellspring', product: 'Community', language: 'EN' },
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.createEvent({
    id: `community-event-${event.id}@${host}`,
    stamp: options.now,
    // Wall-clock times with TZID: the calendar shows the event at its venue's time, in any zone.
    start: wallClockInZone(event.startsAt, event.timeZone),
    end: wallClockInZone(event.endsAt, event.timeZone),
    timezone: event.timeZone,
    summary: event.title,
    location: event.location,
    description: event.description,
    url: `${options.publicUrl}/community?tab=events`,
  });
  return calendar.toString();
}

/** The file name a browser saves the event's calendar file under. */
export const eventCalendarFileName = (event: Pick<CommunityEventView, 'title'>): string =>
  `${event.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'event'}.ics`;
