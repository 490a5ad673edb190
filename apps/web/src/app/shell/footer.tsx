import { siteMessages } from '@wellspring/domain';
import { siteConfig } from '../../lib/site-config.ts';
import { MailIcon } from '../../ui/icons/icons.tsx';
import * as styles from './footer.css.ts';
import { ThemeControl } from './theme-control.tsx';

export function Footer() {
  const { contactEmail, productionHost } = siteConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brandBlock}>
          <p className={styles.brandName}>Wellspring</p>
          <p className={styles.muted}>
            Connecting patients with trusted holistic and integrative practitioners — naturopathy, acupuncture, ayurveda,
            functional medicine and more.
          </p>
        </div>
        <div className={styles.contact}>
          <h2 className={styles.contactHeading}>{siteMessages.contactHeading}</h2>
          <a className={styles.mailLink} href={`mailto:${contactEmail}`}>
            <MailIcon size={18} />
            {contactEmail}
          </a>
        </div>
      </div>
      <div className={styles.bottom}>
        <p className={styles.muted}>© {new Date().getFullYear()} Wellspring. All rights reserved.</p>
        {/* The production header holds only the brand and Join Waitlist, so the theme choice lives here there. */}
        {productionHost ? <ThemeControl placement="top start" /> : null}
      </div>
    </footer>
  );
}
