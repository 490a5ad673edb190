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
import { useRef } from 'react';
import * as styles from './tabs.css.ts';
import { useScrollEdges } from './use-scroll-edges.ts';

type WithClassName<P> = Omit<P, 'className'> & { className?: string };
const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export function Tabs({ className, ...props }: WithClassName<AriaTabsProps>) {
  return <AriaTabs {...props} className={cx(styles.tabs, className)} />;
}

/**
 * The row of tabs. When they do not fit (seven on a phone) the row scrolls sideways, and the side
 * that hides tabs fades out over a cut-off tab, so it is plain that there is more.
 * `pairsOnPhones`: two by two below 640 px instead, for a short list whose tabs do not fit a phone on one line.
 */
export function TabList<T extends object>({ className, pairsOnPhones = false, ...props }: WithClassName<AriaTabListProps<T>> & { pairsOnPhones?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(ref);
  return (
    <div className={styles.tabListFrame} data-overflow-start={edges.start || undefined} data-overflow-end={edges.end || undefined}>
      <AriaTabList {...props} ref={ref} className={cx(styles.tabList, pairsOnPhones ? styles.tabListPairsOnPhones : undefined, className)} />
    </div>
  );
}

export function Tab({ className, ...props }: WithClassName<AriaTabProps>) {
  return <AriaTab {...props} className={cx(styles.tab, className)} />;
}

export function TabPanel({ className, ...props }: WithClassName<AriaTabPanelProps>) {
  return <AriaTabPanel {...props} className={cx(styles.tabPanel, className)} />;
}
