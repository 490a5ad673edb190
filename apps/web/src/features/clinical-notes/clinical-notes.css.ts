import { style } from '@vanilla-extract/css';
import { space, vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, width: '100%', minWidth: 0, maxWidth: '64rem' });

export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: space.sm, flexWrap: 'wrap' });

export const search = style({ flex: '1 1 16rem', minWidth: 0 });

export const typeFilter = style({ flex: '0 1 14rem', minWidth: '10rem' });

export const notes = style({ display: 'flex', flexDirection: 'column', gap: space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const note = style({ display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space.sm, minWidth: 0 });

export const noteMain = style({ display: 'flex', flexDirection: 'column', gap: space.xs, minWidth: 0, flex: '1 1 16rem' });

export const noteTitle = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm, fontSize: '1.0625rem', margin: 0 });

export const noteMeta = style({ margin: 0, fontSize: '0.9375rem', color: vars.color.textMuted });

/** The first words of the assessment, on one line. */
export const excerpt = style({ margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' });

export const actions = style({ display: 'flex', gap: space.sm, flexWrap: 'wrap' });
