import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '72rem', minWidth: 0 });

export const toolbar = style({ display: 'flex', gap: space.md, alignItems: 'flex-end', flexWrap: 'wrap' });

export const filter = style({ minWidth: '12rem' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', minWidth: 0 });

export const secondary = style({ fontSize: '0.875rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const amount = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 });

export const nowrap = style({ whiteSpace: 'nowrap' });


export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: space.sm, flexWrap: 'wrap', marginTop: space.md });

/* The invoice screen. */

export const back = style({ alignSelf: 'flex-start' });

export const facts = style({ display: 'grid', gap: space.sm, gridTemplateColumns: 'minmax(0, 1fr)', '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } });

export const fact = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem' });

export const factLabel = style({ fontSize: '0.875rem', color: vars.color.textMuted });

export const factValue = style({ margin: 0 });

/** One line of the editor: description on its own row on a phone, then quantity, price and remove. */
export const line = style({
  display: 'grid',
  gap: space.sm,
  alignItems: 'end',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  '@media': { [breakpoint.md]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 1fr) minmax(0, 1.25fr) auto' } },
});

export const lineDescription = style({ gridColumn: '1 / -1', '@media': { [breakpoint.md]: { gridColumn: 'auto' } } });

/** On a phone Remove sits on its own row, under the price. */
export const lineRemove = style({ gridColumn: '1 / -1', justifySelf: 'start', '@media': { [breakpoint.md]: { gridColumn: 'auto' } } });

export const lines = style({ display: 'flex', flexDirection: 'column', gap: space.sm, listStyle: 'none', padding: 0, margin: 0 });

export const totals = style({ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', columnGap: space.lg, rowGap: space.xs, margin: 0 });

export const totalValue = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', margin: 0 });

export const grandTotal = style({ fontWeight: 700 });

export const editorFooter = style({ display: 'flex', justifyContent: 'space-between', gap: space.md, flexWrap: 'wrap', alignItems: 'flex-end' });

export const taxField = style({ maxWidth: '12rem' });

export const buttonRow = style({ display: 'flex', gap: space.sm, flexWrap: 'wrap' });
