import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Disclosure as AriaDisclosure,
  DisclosurePanel,
  Heading,
  type DisclosureProps as AriaDisclosureProps,
} from 'react-aria-components';
import { ChevronDownIcon } from '../icons/icons.tsx';
import * as styles from './disclosure.css.ts';

export type DisclosureProps = Omit<AriaDisclosureProps, 'className' | 'children'> & {
  title: ReactNode;
  /** Heading level of the title, to fit the page's outline. */
  level?: 2 | 3 | 4;
  children: ReactNode;
};

export function Disclosure({ title, level = 3, children, ...props }: DisclosureProps) {
  return (
    <AriaDisclosure {...props} className={styles.disclosure}>
      <Heading level={level} style={{ fontSize: '1rem', fontFamily: 'inherit' }}>
        <AriaButton slot="trigger" className={styles.trigger}>
          {title}
          <ChevronDownIcon size={18} className={styles.chevron} />
        </AriaButton>
      </Heading>
      <DisclosurePanel className={styles.panel}>
        <div className={styles.panelInner}>{children}</div>
      </DisclosurePanel>
    </AriaDisclosure>
  );
}
