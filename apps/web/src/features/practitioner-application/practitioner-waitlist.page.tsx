import { applicationMessages } from '@wellspring/domain';
import { ApiProvider } from '../../lib/api.tsx';
import { Card } from '../../ui/card/card.tsx';
import * as layout from '../../ui/layout/layout.css.ts';
import { ApplicationForm } from './application-form.tsx';
import * as styles from './applications.css.ts';

/** `/practitioner-waitlist`: the practitioner application (docs/product.md#application). */
export function PractitionerWaitlistPage() {
  return (
    <ApiProvider>
      <section className={layout.hero} aria-labelledby="application-title">
        <div className={layout.narrowContainer}>
          <div className={styles.stack}>
            <div className={layout.heroInner}>
              <p className={layout.eyebrow}>For practitioners</p>
              <h1 id="application-title" className={layout.heroTitle}>
                {applicationMessages.title}
              </h1>
              <p className={layout.heroLead}>
                Tell us about your practice. We verify every practitioner before they join the directory, and we will email
                you as soon as your application is approved.
              </p>
            </div>
            <Card padding="lg" tone="raised">
              <ApplicationForm />
            </Card>
          </div>
        </div>
      </section>
    </ApiProvider>
  );
}
