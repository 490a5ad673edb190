import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { communityGuidelines, forumCategoriesOf, type ConnectionStatus } from '@wellspring/domain';
import { sampleForumTopics, sampleMembers, sampleResources } from '@wellspring/domain/samples';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };
const topics = sampleForumTopics.slice(0, 2).map((topic) => ({ ...topic, likedByMe: false }));

describe('the community page', () => {
  it('shows the soft-launch banner and the forum; a like is sent in the practitioner\'s name and toasts "Post liked!"', async () => {
    stubMatchMedia();
    let liked = false;
    const { calls } = stubApi({
      'auth.me': () => ({ user: robin }),
      'community.forum': () => ({
        topics: topics.map((topic) => (topic.id === '1' ? { ...topic, likedByMe: liked, likes: topic.likes + (liked ? 1 : 0) } : topic)),
        nextCursor: null,
        categories: forumCategoriesOf(new Map([['Research', 1], ['Clinical Practice', 1]])),
      }),
      'community.likeTopic': (input) => {
        liked = (input as { liked: boolean }).liked;
        return { id: '1', liked, likes: 19 };
      },
    });
    const events = userEvent.setup();
    renderApp({ path: '/community' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeTruthy();
    expect(screen.getByText('Our community is in soft launch. The content shown is illustrative sample content.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Topics' });
    expect(within(list).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(topics.map((topic) => topic.title));
    for (const guideline of communityGuidelines) expect(screen.getByText(guideline)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Topics' })).toBeNull();

    await events.click(screen.getByRole('button', { name: `Like “${topics[0]!.title}”, 18 likes` }));
    expect(await findToast('Post liked!')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'community.likeTopic').map((call) => call.input)).toEqual([{ id: '1', liked: true }]);
    expect((await screen.findByRole('button', { name: `Like “${topics[0]!.title}”, 19 likes` })).getAttribute('aria-pressed')).toBe('true');
    // A whole journey: on a loaded machine (load ~10 on 2 cores) it outlasted the default 5 s.
  }, 15_000);

  it('shows the Members tab: a Connect press is sent for that member, toasts, and the card turns Pending; a received request is accepted; Message is coming soon', async () => {
    stubMatchMedia();
    const statuses = new Map<string, ConnectionStatus>(sampleMembers.map((member) => [member.id, 'connect']));
    let requests = [{ member: { id: 'u9', name: 'Dr. Quinn Asker', avatar: 'QA', avatarImage: null, role: 'Nutrition Practitioner', location: 'Boise, ID', profileId: 'p9' }, requestedAt: new Date('2026-03-01T10:00:00Z') }];
    const asView = (member: (typeof sampleMembers)[number]) => ({ ...member, achievement: member.achievement ?? null, profileId: null, connectionStatus: statuses.get(member.id) ?? 'connect' });
    const { calls } = stubApi({
      'auth.me': () => ({ user: robin }),
      'community.members': (input) => {
        const query = (input as { query?: string }).query ?? '';
        const members = sampleMembers.filter((member) => member.name.toLowerCase().includes(query.toLowerCase())).map(asView);
        const featured = sampleMembers.find((member) => member.isFeatured);
        return { members, more: false, featured: featured ? asView(featured) : null };
      },
      'community.connectionRequests': () => requests,
      'community.requestConnection': (input) => {
        const { memberId } = input as { memberId: string };
        statuses.set(memberId, 'pending');
        return { memberId, connectionStatus: 'pending' };
      },
      'community.acceptConnection': (input) => {
        requests = [];
        return { memberId: (input as { memberId: string }).memberId, connectionStatus: 'connected' };
      },
    });
    const events = userEvent.setup();
    renderApp({ path: '/community?tab=members' });

    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(sampleMembers.map((member) => member.name));
    const featured = screen.getByRole('region', { name: 'Featured Member' });
    expect(within(featured).getByText('Top Contributor 2024 — 120 helpful answers in Clinical Practice')).toBeTruthy();

    await events.click(within(list).getByRole('button', { name: 'Connect with Dr. James Chen' }));
    const sent = await findToast('Connection request sent');
    expect(sent.textContent).toContain("You'll be notified when they accept.");
    expect(calls.filter((call) => call.path === 'community.requestConnection').map((call) => call.input)).toEqual([{ memberId: '2' }]);
    const pending = await within(list).findByRole('button', { name: 'Pending: Dr. James Chen' });
    expect(pending.hasAttribute('disabled')).toBe(true);

    const received = screen.getByRole('region', { name: 'Connection Requests' });
    await events.click(within(received).getByRole('button', { name: 'Accept Dr. Quinn Asker' }));
    expect(await findToast('Connection accepted')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'community.acceptConnection').map((call) => call.input)).toEqual([{ memberId: 'u9' }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Connection Requests' })).toBeNull());

    await events.click(within(list).getByRole('button', { name: 'Message Grace Kim' }));
    expect(await findToast('Coming soon!')).toBeTruthy();

    await events.type(screen.getByRole('textbox', { name: 'Search members' }), 'nobody');
    expect(await screen.findByRole('heading', { name: 'No members found' })).toBeTruthy();
  }, 15_000);

  it('counts a press of Download with the countDownload mutation (the file’s GET counts nothing) and shows the new count', async () => {
    stubMatchMedia();
    let downloads = 7;
    const resource = { ...sampleResources[0]!, tags: [...sampleResources[0]!.tags], likedByMe: false, fileName: 'guide.md' };
    const { calls } = stubApi({
      'auth.me': () => ({ user: robin }),
      'community.resources': () => [{ ...resource, downloads }],
      'community.countDownload': (input) => {
        downloads += 1;
        return { id: (input as { id: string }).id, downloads };
      },
    });
    const events = userEvent.setup();
    renderApp({ path: '/community?tab=resources' });

    const link = await screen.findByRole('link', { name: `Download: ${resource.title}` });
    expect(link.getAttribute('href')).toBe(`/api/community/resources/${resource.id}/download`);
    // jsdom does not navigate; the press is what the test is about.
    link.addEventListener('click', (event) => event.preventDefault());
    await events.click(link);
    expect(await findToast('Download started')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === 'community.countDownload').map((call) => call.input)).toEqual([{ id: resource.id }]));
    expect(await screen.findByText('8 downloads')).toBeTruthy();
  }, 15_000);
});
