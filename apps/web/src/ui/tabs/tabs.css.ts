import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoint, radius, vars } from '../theme.css.ts';

export const tabs = style({ display: 'flex', flexDirection: 'column', gap: '1rem' });

export const tabListFrame = style({ minWidth: 0 });

const FADE = '2.5rem';

/** A tab's text line and the padding above and below it, in rem. */
const TAB_LINE_HEIGHT_REM = 1.6;
const TAB_PADDING_BLOCK_REM = 0.625;

export const tabList = style({
  display: 'flex',
  gap: '0.25rem',
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  overscrollBehaviorX: 'contain',
  borderBottom: `1px solid ${vars.color.border}`,
  // One tab's height (its 2px underline, less the 1px it overlaps the list's border, plus that
  // border), held from the first render: react-aria fills the list a render after the panels, and
  // an empty list would first paint 1px tall and then push the panel and all below it down.
  minHeight: `calc(${2 * TAB_PADDING_BLOCK_REM + TAB_LINE_HEIGHT_REM}rem + 2px)`,
  selectors: {
    [`${tabListFrame}[data-overflow-end] > &`]: { maskImage: `linear-gradient(to left, transparent, #000 ${FADE})` },
    [`${tabListFrame}[data-overflow-start] > &`]: { maskImage: `linear-gradient(to right, transparent, #000 ${FADE})` },
    [`${tabListFrame}[data-overflow-start][data-overflow-end] > &`]: {
      maskImage: `linear-gradient(to right, transparent, #000 ${FADE}, #000 calc(100% - ${FADE}), transparent)`,
    },
  },
});

/** Four tabs do not fit a phone's width on one line: two by two there (centred), one row from 640 px. */
export const tabListPairsOnPhones = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [breakpoint.sm]: { display: 'flex' } },
});

export const tab = style({
  padding: `${TAB_PADDING_BLOCK_REM}rem 0.875rem`,
  lineHeight: TAB_LINE_HEIGHT_REM,
  borderBottom: '2px solid transparent',
  marginBottom: '-1px',
  color: vars.color.textMuted,
  fontWeight: 600,
  cursor: 'pointer',
  outline: 'none',
  whiteSpace: 'nowrap',
  borderRadius: `${radius.sm} ${radius.sm} 0 0`,
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const tabPanel = style({
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '4px' } },
});

globalStyle(`${tabListPairsOnPhones} > ${tab}`, { textAlign: 'center' });
