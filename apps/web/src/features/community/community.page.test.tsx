import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { communityGuidelines, forumCategoriesOf, sampleForumTopics } from '@wellspring/domain';
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
  });
});
