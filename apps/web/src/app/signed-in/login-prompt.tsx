import { useLocation } from 'wouter';
import { SIGN_IN_PATH } from '../../lib/session-guard.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import * as styles from './signed-in.css.ts';

/** `/dashboard` without a session: the spec's login prompt (docs/product.md#accounts), which leads to sign-in. */
export function LoginPrompt() {
  const [, navigate] = useLocation();
  return (
    <div className={styles.promptPage}>
      <Card as="section" padding="lg" tone="raised" className={styles.prompt} aria-labelledby="login-prompt-title">
        <h1 id="login-prompt-title" className={styles.title}>
          Sign in to access your dashboard
        </h1>
        <p className={styles.muted}>Your dashboard holds your schedule, patient records and practice tools.</p>
        <Button size="lg" onPress={() => navigate(SIGN_IN_PATH)}>
          Login
        </Button>
      </Card>
    </div>
  );
}
