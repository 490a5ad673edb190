import { dashboardMessages } from '@wellspring/domain';
import { useLocation } from 'wouter';
import { useSignOut } from '../auth/use-auth-mutations.ts';
import { useSession } from '../auth/use-session.ts';
import { ApiProvider } from '../../lib/api.tsx';
import { notify } from '../../lib/toast.tsx';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import * as styles from './dashboard.css.ts';

/** `/dashboard`: requires a session (DESIGN §1); the full provider dashboard comes in a later issue. */
export function DashboardPage() {
  return (
    <ApiProvider>
      <Dashboard />
    </ApiProvider>
  );
}

function Dashboard() {
  const session = useSession();

  if (session.isPending) return <DashboardLoading />;

  const user = session.data?.user;
  if (!user) return <LoginPrompt />;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div className={styles.welcome}>
          <Avatar name={user.name} size="lg" />
          <div>
            <h1 className={styles.title}>Welcome back, {user.name}</h1>
            <p className={styles.muted}>{user.email}</p>
          </div>
        </div>
        <LogOutButton />
      </div>
      <Card className={styles.body} padding="lg">
        <h2>Your practice at a glance</h2>
        <p className={styles.muted}>Your schedule, patients and profile will appear here.</p>
      </Card>
    </div>
  );
}

function LogOutButton() {
  const [, navigate] = useLocation();
  const signOut = useSignOut();
  return (
    <Button
      variant="outline"
      isDisabled={signOut.isPending}
      onPress={() =>
        signOut.mutate(undefined, {
          onSuccess: () => {
            notify.success({ title: dashboardMessages.loggedOut });
            navigate('/');
          },
          onError: () => notify.error(dashboardMessages.logoutFailed),
        })
      }
    >
      Log Out
    </Button>
  );
}

function LoginPrompt() {
  const [, navigate] = useLocation();
  return (
    <div className={styles.page}>
      <Card as="section" padding="lg" tone="raised" className={styles.prompt} aria-labelledby="login-prompt-title">
        <h1 id="login-prompt-title" className={styles.title}>
          Sign in to access your dashboard
        </h1>
        <p className={styles.muted}>Your dashboard holds your schedule, patient records and practice tools.</p>
        <Button size="lg" onPress={() => navigate('/login')}>
          Login
        </Button>
      </Card>
    </div>
  );
}

function DashboardLoading() {
  return (
    <div className={styles.page} role="status" aria-label="Loading dashboard">
      <div className={styles.loading}>
        <Skeleton height="4rem" width="4rem" radius="999px" />
        <Skeleton height="2.5rem" width="50%" />
        <Skeleton height="1rem" width="30%" />
        <Skeleton height="10rem" />
      </div>
    </div>
  );
}
