import { describe, expect, it } from 'vitest';
import { sampleMembers, sampleResources, buildSampleEvents } from '../samples/community.ts';
import { SAMPLE_TODAY } from '../samples/sample-dates.ts';
import {
  accountMemberRole,
  communityGuidelines,
  sampleMemberAcceptsAtOnce,
  specialtiesMatching,
  connectionButtons,
  eventTypeLabel,
  filterEvents,
  filterMembers,
  filterResources,
  isKnownResourceType,
  resourceShowsUnder,
  resourceTabOf,
  resourceTabs,
  resourceTypes,
} from './community.schema.ts';

describe('resources', () => {
  it('files each type under a tab; anything else goes to Other', () => {
    // Other is "any type outside the five known ones": Business Tools is known, so it has no named tab.
    expect(resourceTypes.map(resourceTabOf)).toEqual(['guides', 'templates', 'research', 'guidelines', null]);
    expect(resourceTabs.filter((tab) => resourceShowsUnder('Business Tools', tab))).toEqual(['all']);
    expect(resourceTabs.filter((tab) => resourceShowsUnder('Video Course', tab))).toEqual(['all', 'other']);
    expect(resourceTabs.filter((tab) => resourceShowsUnder('PDF Guide', tab))).toEqual(['all', 'guides']);
    expect(isKnownResourceType('Business Tools')).toBe(true);
    expect(isKnownResourceType('business tools')).toBe(false);
    expect(resourceTabOf('Video Course')).toBe('other');
    expect(resourceTabOf('constructor')).toBe('other');
  });

  it('searches title, description and tags, then filters by tab', () => {
    expect(filterResources(sampleResources, '', 'all')).toHaveLength(sampleResources.length);
    expect(filterResources(sampleResources, 'SOAP', 'all').map((r) => r.id)).toEqual(['2']);
    expect(filterResources(sampleResources, 'meal plan', 'all').map((r) => r.id)).toEqual(['1']);
    expect(filterResources(sampleResources, 'telehealth', 'all').map((r) => r.id)).toEqual(['2']);
    expect(filterResources(sampleResources, '', 'other').map((r) => r.id)).toEqual(['6']);
    expect(filterResources(sampleResources, 'finances', 'all').map((r) => r.id)).toEqual(['5']);
    expect(resourceTabs.filter((tab) => filterResources(sampleResources, 'finances', tab).length > 0)).toEqual(['all']);
    expect(filterResources(sampleResources, 'zzz', 'all')).toEqual([]);
  });
});

describe('events', () => {
  it('filters by type and format', () => {
    const events = buildSampleEvents(SAMPLE_TODAY);
    expect(filterEvents(events, { type: 'all', format: 'all' })).toHaveLength(events.length);
    expect(filterEvents(events, { type: 'workshop', format: 'all' }).map((e) => e.id)).toEqual(['2', '5']);
    expect(filterEvents(events, { type: 'workshop', format: 'in-person' }).map((e) => e.id)).toEqual(['5']);
    expect(filterEvents(events, { type: 'all', format: 'virtual' }).every((e) => e.isVirtual)).toBe(true);
    expect(eventTypeLabel('symposium')).toBe('Symposium');
    expect(eventTypeLabel('party')).toBe('Unknown');
  });
});

describe('members', () => {
  it('searches name, role, location and specialties, then filters by specialty', () => {
    expect(filterMembers(sampleMembers, '', 'all')).toHaveLength(sampleMembers.length);
    expect(filterMembers(sampleMembers, 'dietitian', 'all').map((m) => m.id)).toEqual(['5']);
    expect(filterMembers(sampleMembers, 'denver', 'all').map((m) => m.id)).toEqual(['4']);
    expect(filterMembers(sampleMembers, 'functional medicine', 'all').map((m) => m.id)).toEqual(['1']);
    expect(filterMembers(sampleMembers, '', 'herbalism').map((m) => m.id)).toEqual(['1', '2']);
    expect(filterMembers(sampleMembers, 'nobody', 'all')).toEqual([]);
  });

  it('matches search text against the specialty labels', () => {
    expect(specialtiesMatching('MEDICINE')).toEqual(['functional_medicine']);
    expect(specialtiesMatching('path')).toEqual(['naturopathy', 'homeopathy']);
    expect(specialtiesMatching('  ')).toEqual([]);
    expect(specialtiesMatching('denver')).toEqual([]);
  });

  it("gives a practitioner's card the role of their first specialty", () => {
    expect(accountMemberRole(['acupuncture', 'herbalism'])).toBe('Acupuncture Practitioner');
    expect(accountMemberRole([])).toBe('Practitioner');
  });

  it('lets every sample member accept at once but the ones the spec shows as pending', () => {
    expect(sampleMembers.filter((member) => !sampleMemberAcceptsAtOnce(member)).map((member) => member.name)).toEqual(['Priya Sharma']);
  });

  it('has a button per connection status and five guidelines', () => {
    expect(connectionButtons).toEqual({ connect: { label: 'Connect', disabled: false }, pending: { label: 'Pending', disabled: true }, connected: { label: 'Connected', disabled: true } });
    expect(communityGuidelines).toHaveLength(5);
  });
});
