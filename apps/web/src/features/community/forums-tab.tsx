import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { communityGuidelines, communityMessages } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useState } from 'react';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { ClockIcon, HeartIcon, MessageIcon, UsersIcon } from '../../ui/icons/icons.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { LoadFailed, comingSoon } from './community-shared.tsx';
import * as styles from './community.css.ts';

type ForumPage = RouterOutputs['community']['forum'];
type Topic = ForumPage['topics'][number];

/** docs/product.md#forums: topic cards from the database, the categories counted from them, the guidelines. */
export function ForumsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const forumOptions = trpc.community.forum.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor });
  const forum = useInfiniteQuery(forumOptions);
  const like = useMutation(
    trpc.community.likeTopic.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData<InfiniteData<ForumPage>>(forumOptions.queryKey, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  topics: page.topics.map((topic) => (topic.id === result.id ? { ...topic, likes: result.likes, likedByMe: result.liked } : topic)),
                })),
              }
            : data,
        );
        if (result.liked) notify.success({ title: communityMessages.postLiked });
      },
      onError: (error) => notify.error({ title: 'Could not save your like', description: apiErrorMessage(error) ?? 'Please try again.' }),
    }),
  );

  const topics = forum.data?.pages.flatMap((page) => page.topics) ?? [];
  const categories = forum.data?.pages[0]?.categories ?? [];

  return (
    <div className={styles.columns}>
      <section className={styles.stack} aria-labelledby="forum-topics">
        <h2 id="forum-topics" className={styles.sideTitle}>
          Discussions
        </h2>
        <div className={styles.toolbar}>
          {/* docs/product.md#forums: the topic search box is there, its filter is not applied. */}
          <TextField label="Search topics" value={search} onChange={setSearch} placeholder="Search discussions…" className={styles.grow} />
          <Button onPress={comingSoon}>New Topic</Button>
        </div>
        {forum.isPending ? (
          <Skeleton height="10rem" />
        ) : forum.isError ? (
          <LoadFailed onRetry={() => void forum.refetch()} />
        ) : (
          <ul className={styles.list} aria-label="Topics">
            {topics.map((topic) => (
              <TopicCard key={topic.id} topic={topic} onLike={() => like.mutate({ id: topic.id, liked: !topic.likedByMe })} liking={like.isPending && like.variables.id === topic.id} />
            ))}
          </ul>
        )}
        {forum.hasNextPage ? (
          <div className={styles.center}>
            <Button variant="outline" isPending={forum.isFetchingNextPage} onPress={() => void forum.fetchNextPage()}>
              Load More Topics
            </Button>
          </div>
        ) : null}
      </section>
      <aside className={styles.stack} aria-label="Forum information">
        <Card as="section" aria-labelledby="forum-categories">
          <h2 id="forum-categories" className={styles.sideTitle}>
            Categories
          </h2>
          <ul className={styles.sideList}>
            {categories.map((category) => (
              <li key={category.id} className={styles.sideRow}>
                <span>{category.name}</span>
                <Badge tone="neutral">{category.count}</Badge>
              </li>
            ))}
          </ul>
        </Card>
        <Card as="section" aria-labelledby="community-guidelines">
          <h2 id="community-guidelines" className={styles.sideTitle}>
            Community Guidelines
          </h2>
          <ul className={styles.bullets}>
            {communityGuidelines.map((guideline) => (
              <li key={guideline}>{guideline}</li>
            ))}
          </ul>
        </Card>
      </aside>
    </div>
  );
}

function TopicCard({ topic, onLike, liking }: { topic: Topic; onLike: () => void; liking: boolean }) {
  return (
    <Card as="li" aria-labelledby={`topic-${topic.id}`}>
      <div className={styles.cardHead}>
        <Avatar name={topic.author} src={topic.authorImage} />
        <div className={styles.stack} style={{ gap: '0.25rem' }}>
          <h3 id={`topic-${topic.id}`} className={styles.cardTitle}>
            {topic.title}
          </h3>
          <div className={styles.meta}>
            <span>{topic.author}</span>
            <Badge tone="outline">{topic.category}</Badge>
          </div>
        </div>
      </div>
      <p className={styles.preview}>{topic.preview}</p>
      <div className={styles.meta}>
        <span className={styles.metaItem}>
          <MessageIcon size={16} aria-hidden="true" /> {topic.replies} replies
        </span>
        <span className={styles.metaItem}>
          <UsersIcon size={16} aria-hidden="true" /> {topic.views} views
        </span>
        <span className={styles.metaItem}>
          <ClockIcon size={16} aria-hidden="true" /> Last active {topic.lastActive}
        </span>
      </div>
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" aria-pressed={topic.likedByMe} aria-label={`Like “${topic.title}”, ${topic.likes} likes`} isPending={liking} onPress={onLike}>
          <HeartIcon size={16} aria-hidden="true" className={topic.likedByMe ? styles.liked : undefined} fill={topic.likedByMe ? 'currentColor' : 'none'} />
          <span aria-hidden="true">{topic.likes}</span>
        </Button>
        <Button variant="outline" size="sm" onPress={comingSoon}>
          Join discussion
        </Button>
      </div>
    </Card>
  );
}
