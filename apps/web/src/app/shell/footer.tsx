import { siteMessages } from '@wellspring/domain';
import { Link as AriaLink } from 'react-aria-components';
import { siteConfig } from '../../lib/site-config.ts';
import { MailIcon } from '../../ui/icons/icons.tsx';
import * as styles from './footer.css.ts';
import { legalLinks, siteLinks } from './site-links.ts';
import { ThemeControl } from './theme-control.tsx';

const exploreLinks = siteLinks.map(({ href, longLabel }) => ({ href, label: longLabel }));

/** One of the footer's lists of links. */
function FooterLinks({ links, className }: { readonly links: readonly { readonly href: string; readonly label: string }[]; readonly className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <AriaLink className={styles.footerLink} href={link.href}>
            {link.label}
          </AriaLink>
        </li>
      ))}
    </ul>
  );
}

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
        {productionHost ? null : (
          <nav className={styles.contact} aria-labelledby="footer-explore">
            <h2 id="footer-explore" className={styles.contactHeading}>
              Explore
            </h2>
            <FooterLinks links={exploreLinks} className={styles.linkList} />
          </nav>
        )}
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
        {productionHost ? null : (
          <nav aria-label="Legal">
            <FooterLinks links={legalLinks} className={styles.legalList} />
          </nav>
        )}
        {/* The production header holds only the brand and Join Waitlist, so the theme choice lives here there. */}
        {productionHost ? <ThemeControl placement="top start" /> : null}
      </div>
    </footer>
  );
}
