import { style } from '@vanilla-extract/css';

export const toastBody = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem' });
export const toastTitle = style({ fontWeight: 700, fontSize: '0.9375rem', lineHeight: 1.3 });
export const toastDescription = style({ fontSize: '0.875rem', lineHeight: 1.4 });
