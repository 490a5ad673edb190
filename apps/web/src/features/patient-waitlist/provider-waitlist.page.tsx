import { Card } from '../../ui/card/card.tsx';
import * as layout from '../../ui/layout/layout.css.ts';
import { WaitlistForm } from '../../lib/waitlist/waitlist-form.tsx';
import * as styles from './waitlist.css.ts';

/** `/provider-waitlist`: the shared waitlist form of type patient, titled for providers (docs/product.md#waitlist). */
export function ProviderWaitlistPage() {
  return (
    <section className={layout.hero} aria-labelledby="provider-waitlist-title">
      <div className={layout.narrowContainer}>
        <div className={styles.pageStack}>
          <div className={layout.heroInner}>
            <h1 id="provider-waitlist-title" className={layout.heroTitle}>
              Join Our Provider Network
            </h1>
            <p className={layout.heroLead}>
              Leave your name and email and we will let you know as soon as Wellspring opens in your area.
            </p>
          </div>
          <Card padding="lg" tone="raised" className={styles.pageCard}>
            <WaitlistForm type="patient" />
          </Card>
        </div>
      </div>
    </section>
  );
}
