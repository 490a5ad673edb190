import type { ReactNode } from 'react';
import { SideMenu } from './side-menu.tsx';
import * as styles from './signed-in.css.ts';

/** The frame of every signed-in screen: the side menu and the screen beside it (below it on a phone). */
export function SignedInShell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <SideMenu />
      <div className={styles.content}>{children}</div>
    </div>
  );
}
