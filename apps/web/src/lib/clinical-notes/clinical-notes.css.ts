import { style } from '@vanilla-extract/css';
import { space, vars } from '../../ui/theme.css.ts';

export const muted = style({ color: vars.color.textMuted });

/** The editor's line under its title: the patient, and whether the draft is saved. */
export const editorMeta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space.sm, color: vars.color.textMuted, fontSize: '0.9375rem' });

export const saveState = style({ fontSize: '0.875rem', color: vars.color.textMuted, minHeight: '1.25rem' });

export const hint = style({ margin: 0, fontSize: '0.875rem', color: vars.color.textMuted });
