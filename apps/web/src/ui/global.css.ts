import { globalStyle } from '@vanilla-extract/css';
import { font, headerHeight, vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  scrollPaddingTop: `calc(${headerHeight} + 1rem)`,
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  fontFamily: font.body,
  fontSize: '1rem',
  lineHeight: 1.6,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, h4', {
  fontFamily: font.heading,
  lineHeight: 1.2,
  margin: 0,
  color: vars.color.text,
  fontWeight: 600,
  // Lines of even length instead of a last line with one orphaned word.
  textWrap: 'balance',
});

// Body text: no single word alone on its last line.
globalStyle('p', { margin: 0, textWrap: 'pretty' });

globalStyle('a', { color: vars.color.primary });

globalStyle('img, svg', { display: 'block', maxWidth: '100%' });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('*:focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

globalStyle('#root', { display: 'flex', flexDirection: 'column', minHeight: '100vh' });

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

// react-toastify's colours from our theme (its own stylesheet sets them on :root, so a more
// specific selector wins whichever loads last).
globalStyle(':root.light, :root.dark', {
  vars: {
    '--toastify-color-light': vars.color.surface,
    '--toastify-color-dark': vars.color.surface,
    '--toastify-text-color-light': vars.color.text,
    '--toastify-text-color-dark': vars.color.text,
    '--toastify-font-family': font.body,
    '--toastify-color-success': vars.color.primary,
    '--toastify-color-error': vars.color.danger,
    '--toastify-color-info': vars.color.primary,
    '--toastify-icon-color-success': vars.color.primary,
    '--toastify-icon-color-error': vars.color.danger,
    '--toastify-icon-color-info': vars.color.primary,
    '--toastify-color-progress-light': vars.color.primary,
    '--toastify-color-progress-dark': vars.color.primary,
    '--toastify-color-progress-success': vars.color.primary,
    '--toastify-color-progress-error': vars.color.danger,
  },
});

globalStyle('.Toastify__toast', { border: `1px solid ${vars.color.border}`, boxShadow: vars.shadow.lg });
