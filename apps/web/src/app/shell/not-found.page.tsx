import { siteMessages } from '@wellspring/domain';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { LinkButton } from '../../ui/button/button.tsx';
import * as styles from './status-page.css.ts';

export function NotFoundPage() {
  const [path] = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', path);
  }, [path]);

  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code}>{siteMessages.notFound.code}</p>
      <h1 id="not-found-title" className={styles.title}>
        {siteMessages.notFound.title}
      </h1>
      <p className={styles.message}>The page you are looking for does not exist or has moved.</p>
      <LinkButton href="/">{siteMessages.notFound.action}</LinkButton>
    </section>
  );
}
