import { communityMessages } from '@wellspring/domain';
import { notify } from '../../lib/toast.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';

/** docs/product.md#community: New Topic, Join discussion, Submit a Resource and Message are not built yet. */
export const comingSoon = () => notify.info({ title: communityMessages.comingSoon });

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Card role="alert">
      <p>Failed to load the community. Please try again.</p>
      <Button variant="outline" size="sm" onPress={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
