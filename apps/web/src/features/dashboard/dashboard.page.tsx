import { useSignedInUser } from '../../lib/signed-in-user.tsx';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Card } from '../../ui/card/card.tsx';
import * as styles from './dashboard.css.ts';

/**
 * `/dashboard`, inside the signed-in shell (app/signed-in: the session guard, the login prompt for
 * visitors, the side menu with Log Out). The full provider dashboard comes in a later issue.
 */
export function DashboardPage() {
  const user = useSignedInUser();
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
      </div>
      <Card className={styles.body} padding="lg">
        <h2>Your practice at a glance</h2>
        <p className={styles.muted}>Your schedule, patients and profile will appear here.</p>
      </Card>
    </div>
  );
}
