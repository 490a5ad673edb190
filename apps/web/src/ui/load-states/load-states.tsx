import { Button } from '../button/button.tsx';
import { Card } from '../card/card.tsx';
import { FormAlert } from '../form/form.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';
import * as styles from './load-states.css.ts';

/** A list on its way: skeleton rows in a card, announced as `label` ("Loading payments"). */
export function LoadingRows({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Card padding="md" role="status" aria-label={label}>
      <div className={styles.rows}>
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} height="2.5rem" />
        ))}
      </div>
    </Card>
  );
}

/** What could not be loaded ("We could not load your payments. …") and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card padding="md">
      <FormAlert>{message}</FormAlert>
      <Button variant="outline" onPress={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
