import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { AccountSection } from './account-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PracticeSection } from './practice-section.tsx';
import { ReauthenticationProvider } from './reauthentication.tsx';
import { SecuritySection } from './security-section.tsx';
import { settingsTexts } from './settings-texts.ts';
import * as styles from './settings.css.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';

/**
 * The account's settings (issue 25), at `/dashboard/settings` in the workspace and at
 * `/provider-portal/settings` in the portal: Account (name, e-mail, password), Security (2-step
 * verification, recovery codes, sessions), Practice (name, time zone, currency) and Notifications. A change of e-mail, password or 2-step
 * more than 10 minutes after the password was entered asks for it again first ("Confirm it's you").
 */
export function SettingsPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.account.overview.queryOptions());
  const data = overview.data;

  return (
    <div className={styles.page}>
      <PageHeader title={settingsTexts.title} description={settingsTexts.lead} />
      {data ? (
        <ReauthenticationProvider twoStep={data.twoStep}>
          <AccountSection overview={data} />
          <SecuritySection overview={data} />
          <PracticeSection />
          <NotificationsSection notifications={data.notifications} />
        </ReauthenticationProvider>
      ) : overview.isError ? (
        <Card padding="lg" className={styles.failure}>
          <p role="alert">{settingsTexts.loadFailed}</p>
          <Button variant="outline" onPress={() => void overview.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : (
        <div role="status" aria-label="Loading your settings" className={styles.loading}>
          <Skeleton height="14rem" />
          <Skeleton height="12rem" />
        </div>
      )}
    </div>
  );
}
