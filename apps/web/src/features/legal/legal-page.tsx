import type { ReactNode } from 'react';
import * as layout from '../../ui/layout/layout.css.ts';
import * as styles from './legal.css.ts';

/** When the privacy policy and the terms last changed, shown under their titles. */
const LEGAL_UPDATED = 'November 25, 2026';

export interface LegalSection {
  readonly title: string;
  readonly body: ReactNode;
}

/** A plain reading page: title, last change, and numbered sections with their own headings. */
export function LegalPage({ title, intro, sections }: { readonly title: string; readonly intro: ReactNode; readonly sections: readonly LegalSection[] }) {
  return (
    <article className={`${layout.narrowContainer} ${styles.page}`} aria-labelledby="legal-title">
      <header className={styles.header}>
        <h1 id="legal-title">{title}</h1>
        <p className={styles.updated}>Last updated {LEGAL_UPDATED}</p>
      </header>
      <div className={styles.body}>
        <p>{intro}</p>
        {sections.map((section, index) => (
          <section key={section.title} className={styles.section} aria-labelledby={`legal-section-${index}`}>
            <h2 id={`legal-section-${index}`} className={styles.sectionTitle}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </article>
  );
}
