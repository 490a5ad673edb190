import { style } from '@vanilla-extract/css';
import { radius, space, titleSize, vars } from '../../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.xl, width: '100%', maxWidth: '72rem' });

export const muted = style({ color: vars.color.textMuted });

const plainList = { listStyle: 'none', margin: 0, padding: 0 } as const;

export const otherCurrencies = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  paddingTop: space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

export const currencyList = style({ ...plainList, display: 'flex', flexDirection: 'column', gap: '0.125rem' });

export const currencyItem = style({ display: 'flex', justifyContent: 'space-between', gap: space.sm, fontWeight: 600 });

export const currencyCode = style({ color: vars.color.textMuted, fontWeight: 600 });


export const list = style({ ...plainList, display: 'flex', flexDirection: 'column', gap: space.sm });

export const when = style({ color: vars.color.text, fontSize: '0.9375rem' });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: space.sm });

export const shortcuts = style({
  ...plainList,
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))',
});

export const shortcut = style({ gap: space.sm });

export const shortcutIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
});

export const shortcutTitle = style({ fontSize: titleSize.item });

export const shortcutAction = style({ marginTop: 'auto', alignSelf: 'flex-start' });
