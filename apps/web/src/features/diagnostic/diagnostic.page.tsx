import { ApiProvider } from '../../lib/api.tsx';
import { LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { CompassIcon, SearchIcon, UsersIcon } from '../../ui/icons/icons.tsx';
import * as layout from '../../ui/layout/layout.css.ts';
import * as styles from './diagnostic.css.ts';
import { Quiz } from './quiz.tsx';

const steps = [
  { icon: <CompassIcon size={24} />, title: 'Answer five questions', text: 'Tell us about your main concern, your symptoms and the kind of care you prefer.' },
  { icon: <SearchIcon size={24} />, title: 'See your approaches', text: 'We score your answers against seven holistic specialties and recommend the three that fit best.' },
  { icon: <UsersIcon size={24} />, title: 'Meet your matches', text: 'We compare your answers with every practitioner in the directory and show your top three.' },
] as const;

/** `/diagnostic`: the guided quiz page (docs/product.md#quiz). */
export function DiagnosticPage() {
  return (
    <ApiProvider>
      <section className={layout.hero} aria-labelledby="diagnostic-title">
        <div className={layout.container}>
          <div className={layout.heroInner}>
            <p className={layout.eyebrow}>Guided quiz</p>
            <h1 id="diagnostic-title" className={layout.heroTitle}>
              Find the right approach for you
            </h1>
            <p className={layout.heroLead}>
              Not sure where to start? Five quick questions point you to the holistic approaches and practitioners that suit
              your needs. It takes about a minute.
            </p>
          </div>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="how-title">
        <div className={layout.container}>
          <div className={layout.sectionHeader}>
            <h2 id="how-title" className={layout.sectionTitle}>
              How it works
            </h2>
          </div>
          <ol className={layout.grid3}>
            {steps.map((step, index) => (
              <Card as="li" key={step.title} padding="lg">
                <div className={styles.stepHead}>
                  <span className={layout.featureIcon}>{step.icon}</span>
                  <span className={styles.stepNumber}>Step {index + 1}</span>
                </div>
                <h3 className={layout.cardTitle}>{step.title}</h3>
                <p className={layout.muted}>{step.text}</p>
              </Card>
            ))}
          </ol>
        </div>
      </section>

      <section className={layout.sectionTinted} aria-labelledby="quiz-title">
        <div className={layout.narrowContainer}>
          <Card padding="lg" tone="raised" className={styles.quizCard}>
            <h2 id="quiz-title" className={styles.quizTitle}>
              Holistic health quiz
            </h2>
            <Quiz />
          </Card>
          <div className={[layout.actions, styles.browse].join(' ')}>
            <p className={layout.muted}>Prefer to look around yourself?</p>
            <LinkButton href="/search" variant="outline" size="lg">
              Browse Practitioners
            </LinkButton>
          </div>
        </div>
      </section>
    </ApiProvider>
  );
}
