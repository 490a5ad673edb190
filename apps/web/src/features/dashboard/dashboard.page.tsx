import { useQuery } from '@tanstack/react-query';
import { useSignedInUser } from '../../lib/signed-in-user.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { ContactMessagesSection } from './contact-messages.tsx';
import { DashboardOverview } from './dashboard-overview.tsx';
import * as styles from './dashboard.css.ts';
import { VerifyEmailBanner } from './verify-email-banner.tsx';
import { PageHeader } from '../../ui/page-header/page-header.tsx';

/**
 * `/dashboard` (docs/product.md#dashboard), inside the signed-in shell (app/signed-in: the session
 * guard, the login prompt for visitors, the side menu with Log Out): the practitioner's figures,
 * upcoming appointments, and the messages visitors sent from the public profile.
 */
export function DashboardPage() {
  const user = useSignedInUser();
  const trpc = useTRPC();
  // The profile photo, once the practitioner has uploaded and saved one (the profile editor).
  const profile = useQuery({ ...trpc.profile.mine.queryOptions(), retry: false });
  return (
    <div className={styles.page}>
      <PageHeader
        size="page"
        leading={<Avatar name={user.name} src={profile.data?.profile?.profileImage ?? null} size="lg" />}
        title={`Welcome back, ${user.name}`}
        description={user.email}
      />
      <VerifyEmailBanner />
      <DashboardOverview />
      <ContactMessagesSection />
    </div>
  );
}
