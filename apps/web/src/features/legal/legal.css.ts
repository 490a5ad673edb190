import { style } from '@vanilla-extract/css';
import { space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({ paddingBlock: space.xxl });

export const header = style({ display: 'flex', flexDirection: 'column', gap: space.sm, marginBottom: space.xl });

export const updated = style({ color: vars.color.textMuted, fontSize: '0.9375rem' });

export const body = style({ display: 'flex', flexDirection: 'column', gap: space.lg, fontSize: '1.0625rem', lineHeight: 1.65 });

export const section = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const sectionTitle = style({ fontSize: titleSize.section, textWrap: 'balance' });

export const list = style({ margin: 0, paddingInlineStart: '1.25rem', display: 'flex', flexDirection: 'column', gap: space.xs });
