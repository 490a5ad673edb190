import { useQuery } from '@tanstack/react-query';
import { formatReward, referralTabs } from '@wellspring/domain';
import type { Key } from 'react-aria-components';
import { useSearchParams } from 'wouter';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { FormAlert } from '../../ui/form/form.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/tabs.tsx';
import { MyReferrals } from './my-referrals.tsx';
import { ReferSomeone } from './refer-someone.tsx';
import { ReferralCodes } from './referral-codes.tsx';
import * as styles from './referrals.css.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { Notice } from '../../ui/notice/notice.tsx';

const tabIds = ['my-referrals', 'refer', 'codes'] as const;
type TabId = (typeof tabIds)[number];
const isTabId = (value: string | null): value is TabId => tabIds.includes(value as TabId);

/**
 * `/referrals` (and `/referral?code=` signed in): the figures of the practitioner's own referrals and
 * the three tabs of docs/product.md#referrals — My Referrals, Refer Someone, My Referral Codes. The open tab is kept
 * in the address (`?tab=`), so a reload stays on it.
 */
export function ReferralsPage() {
  const trpc = useTRPC();
  const referrals = useQuery(trpc.referrals.list.queryOptions());
  const codes = useQuery(trpc.referralCodes.list.queryOptions());
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTabId(requested) ? requested : 'my-referrals';
  const linkCode = params.get('code');

  const selectTab = (key: Key) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', String(key));
        return next;
      },
      { replace: true },
    );
  };

  const failed = referrals.isError || codes.isError;

  return (
    <div className={styles.page}>
      <PageHeader title="Referrals" description="Refer patients and colleagues, and track the rewards you earn." />
      {linkCode ? (
        <Notice>
          You opened a referral link for code <strong>{linkCode.toUpperCase()}</strong>. Codes are redeemed by new accounts when they sign up.
        </Notice>
      ) : null}

      {failed ? (
        <div className={styles.list}>
          <FormAlert>Failed to load referrals. Please try again.</FormAlert>
          <Button variant="outline" onPress={() => void Promise.all([referrals.refetch(), codes.refetch()])}>
            Try again
          </Button>
        </div>
      ) : null}

      <section className={styles.stats} aria-label="Referral figures">
        {[
          { label: 'Total Referrals', value: referrals.data ? String(referrals.data.stats.total) : null },
          { label: 'Completed', value: referrals.data ? String(referrals.data.stats.completed) : null },
          { label: 'Rewards Earned', value: referrals.data ? formatReward(referrals.data.stats.rewardsEarned) : null },
        ].map((stat) => (
          <Card key={stat.label} padding="md" className={styles.stat}>
            <p className={styles.statLabel}>{stat.label}</p>
            {stat.value === null ? <Skeleton height="2rem" width="4rem" /> : <p className={styles.statValue}>{stat.value}</p>}
          </Card>
        ))}
      </section>

      <Tabs selectedKey={tab} onSelectionChange={selectTab}>
        <TabList aria-label="Referrals">
          <Tab id="my-referrals">{referralTabs[0]}</Tab>
          <Tab id="refer">{referralTabs[1]}</Tab>
          <Tab id="codes">{referralTabs[2]}</Tab>
        </TabList>
        <TabPanel id="my-referrals">{referrals.data ? <MyReferrals referrals={referrals.data.referrals} /> : <Loading label="Loading referrals" />}</TabPanel>
        <TabPanel id="refer">{codes.data ? <ReferSomeone codes={codes.data} /> : <Loading label="Loading referral codes" />}</TabPanel>
        <TabPanel id="codes">{codes.data ? <ReferralCodes codes={codes.data} /> : <Loading label="Loading referral codes" />}</TabPanel>
      </Tabs>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className={styles.list} role="status" aria-label={label}>
      <Skeleton height="5rem" />
      <Skeleton height="5rem" />
    </div>
  );
}
