import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps as AriaTabListProps,
  type TabPanelProps as AriaTabPanelProps,
  type TabProps as AriaTabProps,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';
import * as styles from './tabs.css.ts';

type WithClassName<P> = Omit<P, 'className'> & { className?: string };
const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export function Tabs({ className, ...props }: WithClassName<AriaTabsProps>) {
  return <AriaTabs {...props} className={cx(styles.tabs, className)} />;
}

/** `pairsOnPhones`: two by two below 640 px, for a list whose tabs do not fit a phone on one line. */
export function TabList<T extends object>({ className, pairsOnPhones = false, ...props }: WithClassName<AriaTabListProps<T>> & { pairsOnPhones?: boolean }) {
  return <AriaTabList {...props} className={cx(styles.tabList, pairsOnPhones ? styles.tabListPairsOnPhones : undefined, className)} />;
}

export function Tab({ className, ...props }: WithClassName<AriaTabProps>) {
  return <AriaTab {...props} className={cx(styles.tab, className)} />;
}

export function TabPanel({ className, ...props }: WithClassName<AriaTabPanelProps>) {
  return <AriaTabPanel {...props} className={cx(styles.tabPanel, className)} />;
}
