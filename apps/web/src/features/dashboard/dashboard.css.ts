import { style } from '@vanilla-extract/css';
import { space, vars } from '../../ui/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '72rem' });

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
});

export const title = style({ fontSize: 'clamp(1.75rem, 5vw, 2.5rem)' });

export const muted = style({ color: vars.color.textMuted });

export const welcome = style({ display: 'flex', alignItems: 'center', gap: space.md, minWidth: 0 });

/** The name and e-mail beside the photo: a long address wraps instead of widening a phone's page. */
export const welcomeText = style({ minWidth: 0, overflowWrap: 'anywhere' });
