import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme.css.ts';

const FIELD_GAP = '0.375rem';

export const comboBox = style({ display: 'flex', flexDirection: 'column', gap: FIELD_GAP, minWidth: 0 });

/**
 * The live region that reads out the error (`announceError`): laid out as if the message were the
 * field's own child, as in a text field. Empty, it takes no room (its gap is taken back), so the
 * field is as tall as a text field without a message.
 */
export const liveRegion = style({
  display: 'flex',
  flexDirection: 'column',
  selectors: { '&:empty': { marginTop: `calc(-1 * ${FIELD_GAP})` } },
});

/** The input and its button, drawn as one field. */
export const control = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const input = style({ paddingRight: '2.75rem' });

export const button = style({
  position: 'absolute',
  right: '0.25rem',
  display: 'grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  border: 'none',
  borderRadius: radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const empty = style({ padding: '0.5rem 0.75rem', color: vars.color.textMuted });
