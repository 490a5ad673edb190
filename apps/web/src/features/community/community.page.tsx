import { communityMessages } from '@wellspring/domain';
import type { Key } from 'react-aria-components';
import { useSearchParams } from 'wouter';
import { InfoIcon } from '../../ui/icons/icons.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/tabs.tsx';
import { EventsTab } from './events-tab.tsx';
import { ForumsTab } from './forums-tab.tsx';
import { MembersTab } from './members-tab.tsx';
import { ResourcesTab } from './resources-tab.tsx';
import * as styles from './community.css.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { Notice } from '../../ui/notice/notice.tsx';

const communityTabs = [
  { id: 'forums', label: 'Forums' },
  { id: 'events', label: 'Events' },
  { id: 'resources', label: 'Resources' },
  { id: 'members', label: 'Members' },
] as const;
type CommunityTab = (typeof communityTabs)[number]['id'];
const isCommunityTab = (value: string | null): value is CommunityTab => communityTabs.some((tab) => tab.id === value);

/**
 * `/community` (docs/product.md#community, issue 15) for a signed-in practitioner: the soft-launch banner
 * (docs/product.md#community) and the community's tabs. The tab is in the address (`?tab=`), so a shared link opens it.
 */
export function CommunityPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const selected: CommunityTab = isCommunityTab(requested) ? requested : 'forums';
  const select = (key: Key) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', String(key));
        return next;
      },
      { replace: true },
    );

  return (
    <div className={styles.page}>
      <PageHeader size="page" title="Community" description="Connect with integrative practitioners: discussions, events, resources and peers." />
      <Notice icon={<InfoIcon size={18} />}>{communityMessages.softLaunchBanner}</Notice>
      <Tabs selectedKey={selected} onSelectionChange={select}>
        <TabList aria-label="Community sections" pairsOnPhones>
          {communityTabs.map((tab) => (
            <Tab key={tab.id} id={tab.id}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="forums">
          <ForumsTab />
        </TabPanel>
        <TabPanel id="events">
          <EventsTab />
        </TabPanel>
        <TabPanel id="resources">
          <ResourcesTab />
        </TabPanel>
        <TabPanel id="members">
          <MembersTab />
        </TabPanel>
      </Tabs>
    </div>
  );
}
