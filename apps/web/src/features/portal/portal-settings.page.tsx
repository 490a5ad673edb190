import * as styles from './portal-settings.css.ts';

/** `/provider-portal/settings`: only the spec's text (SPEC §2 Provider portal). */
export function PortalSettingsPage() {
  return <h1 className={styles.title}>Settings coming soon</h1>;
}
