/**
 * Community (docs/product.md#community): forum categories and guidelines, event types and formats,
 * resource types with the Knowledge Library tabs (and the "Other" bucket), member connection status,
 * and the search/filter rules of each tab.
 */
import { labelOf } from '../shared/labels.ts';
import { specialties, specialtyLabels, type Specialty } from '../catalog/specialties.ts';
import { formatInTimeZone } from 'date-fns-tz';
import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import type { CalendarDate } from '../time/dates.ts';

// Forums ------------------------------------------------------------------------------------------

export const forumCategoryNames = ['Clinical Practice', 'Research', 'Ethics & Regulations', 'Business', 'Education', 'Patient Care'] as const;
export type ForumCategoryName = (typeof forumCategoryNames)[number];

export interface ForumCategory {
  readonly id: string;
  readonly name: ForumCategoryName;
  readonly count: number;
}

export interface ForumTopic {
  readonly id: string;
  readonly title: string;
  readonly author: string;
  /** Initials shown when there is no image. */
  readonly authorAvatar: string;
  readonly authorImage: string | null;
  readonly category: ForumCategoryName;
  readonly replies: number;
  readonly views: number;
  /** Relative text, e.g. "2 hours ago". */
  readonly lastActive: string;
  readonly preview: string;
  readonly likes: number;
}

/** The five community guidelines (docs/product.md#forums). */
export const communityGuidelines = [
  'Be respectful and professional',
  'Share evidence-based information',
  'Respect patient confidentiality',
  'Avoid promotional content',
  'Focus on education and learning',
] as const;

// Events ------------------------------------------------------------------------------------------

export const eventTypes = ['conference', 'workshop', 'webinar', 'symposium'] as const;
export type EventType = (typeof eventTypes)[number];
export const eventTypeLabels: Record<EventType, string> = { conference: 'Conference', workshop: 'Workshop', webinar: 'Webinar', symposium: 'Symposium' };
export const eventTypeLabel = (type: string): string => labelOf(eventTypeLabels, type);

export const eventFormats = ['virtual', 'in-person'] as const;
export type EventFormat = (typeof eventFormats)[number];
export const eventFormatLabels: Record<EventFormat, string> = { virtual: 'Virtual', 'in-person': 'In-Person' };

export type EventTypeFilter = 'all' | EventType;
export type EventFormatFilter = 'all' | EventFormat;

export interface CommunityEvent {
  readonly id: string;
  readonly title: string;
  readonly date: CalendarDate;
  /** "10:00 AM - 4:00 PM". */
  readonly time: string;
  readonly location: string;
  readonly type: EventType;
  readonly isVirtual: boolean;
  readonly attendees: number;
  readonly image: string;
  readonly description: string;
  /** The IANA zone the event's date and time are in (its venue's; the organiser's for a virtual one). */
  readonly timeZone: string;
}

/**
 * The wall-clock start and end ("09:00", "17:00") of an event's time text ("9:00 AM - 5:00 PM"),
 * or null when the text is not such a range.
 */
export function eventTimeRange(time: string): { readonly start: string; readonly end: string } | null {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM) - (\d{1,2}):(\d{2}) (AM|PM)$/.exec(time.trim());
  if (!match) return null;
  const to24 = (hour: string, minute: string, half: string) => {
    const h = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
    return `${String(h).padStart(2, '0')}:${minute}`;
  };
  return { start: to24(match[1]!, match[2]!, match[3]!), end: to24(match[4]!, match[5]!, match[6]!) };
}

export const eventFormatOf = (event: Pick<CommunityEvent, 'isVirtual'>): EventFormat => (event.isVirtual ? 'virtual' : 'in-person');

export function filterEvents<E extends Pick<CommunityEvent, 'type' | 'isVirtual'>>(events: readonly E[], filter: { type: EventTypeFilter; format: EventFormatFilter }): E[] {
  return events.filter((event) => (filter.type === 'all' || event.type === filter.type) && (filter.format === 'all' || eventFormatOf(event) === filter.format));
}

// Resources ---------------------------------------------------------------------------------------

/** The five known resource types (docs/product.md#resources). A resource may carry any other type; it files under Other. */
export const resourceTypes = ['PDF Guide', 'Templates', 'Research Collection', 'Guidelines', 'Business Tools'] as const;
export type KnownResourceType = (typeof resourceTypes)[number];

export const resourceTabs = ['all', 'guides', 'templates', 'research', 'guidelines', 'other'] as const;
export type ResourceTab = (typeof resourceTabs)[number];
export const resourceTabLabels: Record<ResourceTab, string> = {
  all: 'All',
  guides: 'Guides',
  templates: 'Templates',
  research: 'Research',
  guidelines: 'Guidelines',
  other: 'Other',
};

/**
 * The named tab a resource type files under, besides All. docs/product.md#resources: "Other (any type outside the five
 * known ones)", read to the letter: the four named tabs show their own type, Other shows every type
 * that is not one of `resourceTypes`, and Business Tools — a known type without a tab of its own —
 * files under no named tab (null), so it shows under All only.
 */
const resourceTypeTab: Record<KnownResourceType, Exclude<ResourceTab, 'all' | 'other'> | null> = {
  'PDF Guide': 'guides',
  Templates: 'templates',
  'Research Collection': 'research',
  Guidelines: 'guidelines',
  'Business Tools': null,
};
export const isKnownResourceType = (type: string): type is KnownResourceType => Object.prototype.hasOwnProperty.call(resourceTypeTab, type);
export const resourceTabOf = (type: string): Exclude<ResourceTab, 'all'> | null => (isKnownResourceType(type) ? resourceTypeTab[type] : 'other');

/** Whether a resource of `type` shows under `tab`. */
export const resourceShowsUnder = (type: string, tab: ResourceTab): boolean => tab === 'all' || resourceTabOf(type) === tab;

export interface CommunityResource {
  readonly id: string;
  readonly title: string;
  /** One of `resourceTypes`, or any other text (then it files under Other). */
  readonly type: string;
  readonly author: string;
  readonly dateAdded: CalendarDate;
  readonly tags: readonly string[];
  readonly views: number;
  readonly downloads: number;
  readonly likes: number;
  readonly description: string;
}

/** Text search over title, description and tags (case-insensitive substring), then the tab. */
export function filterResources<R extends Pick<CommunityResource, 'title' | 'description' | 'tags' | 'type'>>(resources: readonly R[], query: string, tab: ResourceTab): R[] {
  const needle = query.trim().toLowerCase();
  return resources.filter((resource) => {
    const matchesText =
      needle === '' ||
      resource.title.toLowerCase().includes(needle) ||
      resource.description.toLowerCase().includes(needle) ||
      resource.tags.some((tag) => tag.toLowerCase().includes(needle));
    return matchesText && resourceShowsUnder(resource.type, tab);
  });
}

// Members -----------------------------------------------------------------------------------------

export const connectionStatuses = ['connect', 'pending', 'connected'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];
/** The member card's button per status: Connect (enabled), Pending and Connected (disabled). */
export const connectionButtons: Record<ConnectionStatus, { label: string; disabled: boolean }> = {
  connect: { label: 'Connect', disabled: false },
  pending: { label: 'Pending', disabled: true },
  connected: { label: 'Connected', disabled: true },
};

/** The members tab's specialty filter: all plus the seven specialties. */
export type MemberSpecialtyFilter = 'all' | Specialty;

export interface CommunityMember {
  readonly id: string;
  readonly name: string;
  readonly avatar: string;
  readonly avatarImage: string | null;
  readonly role: string;
  readonly location: string;
  readonly specialties: readonly Specialty[];
  /** Year joined, e.g. "2021". */
  readonly memberSince: string;
  readonly isFeatured: boolean;
  readonly connectionStatus: ConnectionStatus;
  readonly bio: string;
  readonly achievement?: string;
}

/** Search over name, role, location and specialties (their labels), then the specialty filter. */
export function filterMembers<M extends Pick<CommunityMember, 'name' | 'role' | 'location' | 'specialties'>>(members: readonly M[], query: string, specialty: MemberSpecialtyFilter): M[] {
  const needle = query.trim().toLowerCase();
  return members.filter((member) => {
    const matchesText =
      needle === '' ||
      [member.name, member.role, member.location, ...member.specialties.map((s) => specialtyLabels[s])].some((text) => text.toLowerCase().includes(needle));
    return matchesText && (specialty === 'all' || member.specialties.includes(specialty));
  });
}

/** Search terms matched against the specialties' labels: the specialties whose label holds `query` (case-insensitive). */
export function specialtiesMatching(query: string): Specialty[] {
  const needle = query.trim().toLowerCase();
  return needle === '' ? [] : specialties.filter((specialty) => specialtyLabels[specialty].toLowerCase().includes(needle));
}

/**
 * The role on the card of a practitioner's own member card (a published profile has no role field):
 * their first specialty's label and "Practitioner" ("Acupuncture Practitioner"), or "Practitioner".
 */
export const accountMemberRole = (memberSpecialties: readonly Specialty[]): string => {
  const first = memberSpecialties[0];
  return first ? `${specialtyLabels[first]} Practitioner` : 'Practitioner';
};

/**
 * How a sample member answers a connection request, so the demo shows every state (issue 15): the
 * sample members the spec shows as pending leave every request pending (Pending stays on the card);
 * every other sample member accepts at once (the card turns Connected). Practitioners answer
 * themselves.
 */
export const sampleMemberAcceptsAtOnce = (member: Pick<CommunityMember, 'connectionStatus'>): boolean => member.connectionStatus !== 'pending';

/** The most member cards one search answers (a narrower search finds the others). */
export const MEMBERS_LIMIT = 48;

export const communityMessages = {
  softLaunchBanner: 'Our community is in soft launch. The content shown is illustrative sample content.',
  comingSoon: 'Coming soon!',
  postLiked: 'Post liked!',
  rsvp: { title: 'RSVP successful!', description: "You'll receive an email with event details." },
  addedToCalendar: 'Added to calendar',
  linkCopied: 'Link copied',
  downloadStarted: 'Download started',
  noResources: 'No resources found',
  noMembers: 'No members found',
  connectionSent: { title: 'Connection request sent', description: "You'll be notified when they accept." },
  connectionAccepted: 'Connection accepted',
  connectionDeclined: 'Connection request declined',
} as const;

// Forum activity ----------------------------------------------------------------------------------

const activityUnits = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
] as const;

/** A topic's "last active" text (docs/product.md#forums lastActive): "2 hours ago", "1 day ago", "just now". */
export function relativeActivity(lastActiveAt: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - lastActiveAt.getTime());
  for (const [unit, ms] of activityUnits) {
    const count = Math.floor(elapsed / ms);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** The instant a sample's relative text ("5 hours ago") names, counted back from `now`. */
export function instantOfRelativeActivity(text: string, now: Date): Date {
  const match = /^(\d+) (year|month|week|day|hour|minute)s? ago$/.exec(text.trim());
  if (!match) return now;
  const unitMs = activityUnits.find(([unit]) => unit === match[2])?.[1] ?? 0;
  return new Date(now.getTime() - Number(match[1]) * unitMs);
}

/** Forum topics per page of "Load More Topics". */
export const FORUM_PAGE_SIZE = 4;

/** The six categories with their counts computed from the topics' categories (docs/product.md#forums). */
export function forumCategoriesOf(countByName: ReadonlyMap<string, number>): ForumCategory[] {
  return forumCategoryNames.map((name) => ({
    id: name.toLowerCase().replace(/ & /g, '-').replace(/\s+/g, '-'),
    name,
    count: countByName.get(name) ?? 0,
  }));
}

// Events as stored --------------------------------------------------------------------------------

/** The local date and time of `instant` in `timeZone`, as "2026-12-01T09:00:00" (a calendar file's wall clock). */
export const wallClockInZone = (instant: Date, timeZone: string): string => formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ss");

export const eventsInputSchema = z.object({
  type: z.enum(['all', ...eventTypes]).default('all'),
  format: z.enum(['all', ...eventFormats]).default('all'),
});
export type EventsInput = z.input<typeof eventsInputSchema>;

// Resources as searched ---------------------------------------------------------------------------

export const resourcesInputSchema = z.object({
  query: lineText().max(200, 'Please shorten your search.').default(''),
  tab: z.enum(resourceTabs).default('all'),
  /** One resource (a shared link's), instead of the search. */
  id: lineText().trim().min(1).max(100).optional(),
});
export type ResourcesInput = z.input<typeof resourcesInputSchema>;

/** The known types a named tab shows (Other shows every type outside `resourceTypes`). */
export const resourceTypesUnder = (tab: Exclude<ResourceTab, 'all' | 'other'>): KnownResourceType[] => resourceTypes.filter((type) => resourceTabOf(type) === tab);

/** The address that opens one resource of the Knowledge Library (Share copies it). */
export const resourceLink = (origin: string, id: string): string => `${origin}/community?tab=resources&resource=${encodeURIComponent(id)}`;
