import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { communityMessages, formatUsShortDate, resourceLink, resourceTabLabels, resourceTabs, type ResourceTab } from '@wellspring/domain';
import { popularResourceTags } from '@wellspring/domain/samples';
import type { RouterOutputs } from '@wellspring/server/router';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'wouter';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { copyText } from '../../lib/clipboard.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { FileTextIcon, HeartIcon, LinkIcon, SearchIcon } from '../../ui/icons/icons.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/tabs.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { LoadFailed, comingSoon } from './community-shared.tsx';
import * as styles from './community.css.ts';

type Resource = RouterOutputs['community']['resources'][number];

const isResourceTab = (key: unknown): key is ResourceTab => resourceTabs.some((tab) => tab === key);

/** docs/product.md#resources: database search, tabs, tag chips, stored likes, share and download. */
export function ResourcesTab() {
  const [params, setParams] = useSearchParams();
  const sharedId = params.get('resource');
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<ResourceTab>('all');
  const deferredQuery = useDeferredValue(query);
  const showAll = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('resource');
        return next;
      },
      { replace: true },
    );

  return (
    <section className={styles.stack} aria-labelledby="library-title">
      <div className={styles.toolbar}>
        <h2 id="library-title" className={styles.sideTitle}>
          Knowledge Library
        </h2>
        <Button variant="outline" size="sm" onPress={comingSoon}>
          Submit a Resource
        </Button>
      </div>
      {sharedId ? (
        <>
          <div className={styles.toolbar}>
            <p className={styles.muted}>A resource shared with you.</p>
            <Button variant="ghost" size="sm" onPress={showAll}>
              Show all resources
            </Button>
          </div>
          <ResourceList input={{ id: sharedId }} />
        </>
      ) : (
        <>
          <TextField label="Search resources" value={query} onChange={setQuery} placeholder="Search title, description or tags…" />
          <div className={styles.meta} role="group" aria-label="Popular tags">
            {popularResourceTags.map((tag) => (
              <Button key={tag} variant="secondary" size="sm" aria-pressed={query === tag} onPress={() => setQuery(tag)}>
                {tag}
              </Button>
            ))}
          </div>
          <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(isResourceTab(key) ? key : 'all')}>
            <TabList aria-label="Resource types">
              {resourceTabs.map((id) => (
                <Tab key={id} id={id}>
                  {resourceTabLabels[id]}
                </Tab>
              ))}
            </TabList>
            {resourceTabs.map((id) => (
              <TabPanel key={id} id={id}>
                <ResourceList input={{ query: deferredQuery, tab: id }} />
              </TabPanel>
            ))}
          </Tabs>
        </>
      )}
    </section>
  );
}

function ResourceList({ input }: { input: { query?: string; tab?: ResourceTab; id?: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resources = useQuery({ ...trpc.community.resources.queryOptions(input), placeholderData: keepPreviousData });
  const like = useMutation(
    trpc.community.likeResource.mutationOptions({
      onSuccess: async (result) => {
        if (result.liked) notify.success({ title: communityMessages.postLiked });
        await queryClient.invalidateQueries(trpc.community.resources.queryFilter());
      },
      onError: (error) => notify.error({ title: 'Could not save your like', description: apiErrorMessage(error) ?? 'Please try again.' }),
    }),
  );
  // The file comes from the link's GET, which counts nothing; the press is counted here.
  const countDownload = useMutation(
    trpc.community.countDownload.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.community.resources.queryFilter()),
    }),
  );

  if (resources.isPending) return <Skeleton height="12rem" />;
  if (resources.isError) return <LoadFailed onRetry={() => void resources.refetch()} />;
  if (resources.data.length === 0) return <EmptyState icon={<SearchIcon />} title={communityMessages.noResources} description="Try another search or tab." />;
  return (
    <ul className={styles.grid} aria-label="Resources">
      {resources.data.map((resource) => (
        <ResourceCard
          key={resource.id}
          resource={resource}
          liking={like.isPending && like.variables.id === resource.id}
          onLike={() => like.mutate({ id: resource.id, liked: !resource.likedByMe })}
          onDownloaded={() => {
            notify.success({ title: communityMessages.downloadStarted });
            countDownload.mutate({ id: resource.id });
          }}
        />
      ))}
    </ul>
  );
}

function ResourceCard({ resource, liking, onLike, onDownloaded }: { resource: Resource; liking: boolean; onLike: () => void; onDownloaded: () => void }) {
  const share = async () => {
    const copied = await copyText(resourceLink(window.location.origin, resource.id));
    if (copied) notify.success({ title: communityMessages.linkCopied });
    else notify.error({ title: 'Could not copy the link', description: 'Your browser did not allow it.' });
  };
  return (
    <Card as="li" className={styles.eventCard} aria-labelledby={`resource-${resource.id}`}>
      <div className={styles.meta}>
        <Badge tone="primary">{resource.type}</Badge>
        <span>{formatUsShortDate(resource.dateAdded, 'UTC')}</span>
      </div>
      <h3 id={`resource-${resource.id}`} className={styles.cardTitle} style={{ marginTop: '0.5rem' }}>
        {resource.title}
      </h3>
      <p className={styles.muted}>By {resource.author}</p>
      <p className={styles.preview}>{resource.description}</p>
      <div className={styles.meta}>
        {resource.tags.map((tag) => (
          <Badge key={tag} tone="outline">
            {tag}
          </Badge>
        ))}
      </div>
      <p className={styles.meta} style={{ marginTop: '0.5rem' }}>
        <span>{resource.views} views</span>
        <span>{resource.downloads} downloads</span>
      </p>
      <div className={[styles.actions, styles.push].join(' ')}>
        <Button variant="ghost" size="sm" aria-pressed={resource.likedByMe} aria-label={`Like “${resource.title}”, ${resource.likes} likes`} isPending={liking} onPress={onLike}>
          <HeartIcon size={16} aria-hidden="true" className={resource.likedByMe ? styles.liked : undefined} fill={resource.likedByMe ? 'currentColor' : 'none'} />
          <span aria-hidden="true">{resource.likes}</span>
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Share: ${resource.title}`} onPress={() => void share()}>
          <LinkIcon size={16} aria-hidden="true" /> Share
        </Button>
        <LinkButton
          variant="outline"
          size="sm"
          href={`/api/community/resources/${encodeURIComponent(resource.id)}/download`}
          download
          aria-label={`Download: ${resource.title}`}
          onPress={onDownloaded}
        >
          <FileTextIcon size={16} aria-hidden="true" /> Download
        </LinkButton>
      </div>
    </Card>
  );
}
