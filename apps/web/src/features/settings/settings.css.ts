import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '56rem', minWidth: 0 });

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const small = style({ color: vars.color.textMuted, fontSize: '0.875rem', margin: 0 });

export const loading = style({ display: 'flex', flexDirection: 'column', gap: space.md });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: space.sm });

/** A card: Account, Security, Notifications. */
export const section = style({ display: 'flex', flexDirection: 'column', gap: space.lg, minWidth: 0 });

export const sectionTitle = style({ fontSize: titleSize.section });

/** A part of a card (Name, Email, Password…), ruled off from the one before it. */
export const part = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  minWidth: 0,
  selectors: { '& + &': { paddingTop: space.lg, borderTop: `1px solid ${vars.color.border}` } },
});

export const partHeader = style({ display: 'flex', flexDirection: 'column', gap: space.xs });

export const partTitleRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

export const partTitle = style({ fontSize: titleSize.item, fontFamily: 'inherit', fontWeight: 700 });

/** Fields side by side from a small tablet up; one column on a phone. */
export const fields = style({
  display: 'grid',
  gap: space.md,
  alignItems: 'start',
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** A single short field (a name, a code): not the whole card's width on a desktop. */
export const narrow = style({ maxWidth: '24rem', width: '100%' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: space.sm, marginTop: space.sm });

export const currentEmail = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm, overflowWrap: 'anywhere', margin: 0 });

/** The 2-step set-up: its steps in order. */
export const steps = style({ display: 'flex', flexDirection: 'column', gap: space.lg, margin: 0, paddingLeft: space.lg, listStyle: 'decimal' });

export const step = style({ display: 'flex', flexDirection: 'column', gap: space.sm, minWidth: 0 });

/** A numbered step of the set-up (its marker stays: the steps are in order). */
export const numberedStep = style({ display: 'list-item', minWidth: 0, selectors: { '&::marker': { fontWeight: 700 } } });

export const stepBody = style({ display: 'flex', flexDirection: 'column', gap: space.sm, minWidth: 0 });

/** The QR code stays black on white in the dark theme too (apps read that best), with its quiet zone. */
export const qrCode = style({
  alignSelf: 'flex-start',
  padding: space.md,
  borderRadius: radius.md,
  backgroundColor: '#ffffff',
  border: `1px solid ${vars.color.border}`,
  lineHeight: 0,
});

/** The set-up key: a block that wraps between its groups on a phone, to read off and type in. */
export const key = style({ display: 'flex', flexDirection: 'column', gap: space.xs, margin: 0, minWidth: 0 });

export const keyLabel = style({ fontWeight: 600, fontSize: '0.9375rem' });

export const keyValue = style({
  margin: 0,
  padding: `${space.sm} ${space.md}`,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceMuted,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '1.0625rem',
  letterSpacing: '0.06em',
  wordSpacing: '0.3em',
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

export const keyRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: space.sm,
  minWidth: 0,
});

/** The recovery codes shown once: a panel that stands out from the card. */
export const codesPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  padding: space.md,
  borderRadius: radius.md,
  border: `2px solid ${vars.color.primary}`,
  backgroundColor: vars.color.surfaceTinted,
  outline: 'none',
  '@media': { [breakpoint.sm]: { padding: space.lg } },
});

export const codesTitle = style({ fontSize: titleSize.item, fontFamily: 'inherit', fontWeight: 700, outline: 'none' });

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, max-content))',
  gap: `${space.xs} ${space.xl}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '1rem',
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(5, max-content)', columnGap: space.lg } },
});

export const sessions = style({ display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' });

/** A session: what it is on the left, Sign out on the right (under it on a phone). */
export const session = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
  padding: `${space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none', paddingTop: 0 }, '&:last-child': { paddingBottom: 0 } },
});

export const sessionText = style({ display: 'flex', flexDirection: 'column', gap: space.xs, minWidth: 0, flex: '1 1 16rem' });

export const sessionName = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm, fontWeight: 600, margin: 0 });

export const sessionMeta = style({ color: vars.color.textMuted, fontSize: '0.875rem', margin: 0, overflowWrap: 'anywhere' });

export const checkboxes = style({ display: 'flex', flexDirection: 'column', gap: space.sm, margin: 0, padding: 0, border: 'none', minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: space.sm, fontWeight: 600 });
