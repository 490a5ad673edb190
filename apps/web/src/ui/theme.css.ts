import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/** Colours that change between the light and the dark theme. */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceMuted: null,
    surfaceTinted: null,
    text: null,
    textMuted: null,
    border: null,
    borderStrong: null,
    primary: null,
    primaryHover: null,
    primaryPressed: null,
    onPrimary: null,
    primarySoft: null,
    onPrimarySoft: null,
    accent: null,
    focusRing: null,
    danger: null,
    dangerSoft: null,
    star: null,
    skeleton: null,
    skeletonHighlight: null,
    headerScrolled: null,
  },
  shadow: {
    sm: null,
    md: null,
    lg: null,
  },
});

// All text pairs below meet WCAG AA (4.5:1) on their backgrounds in both themes.
const light = {
  color: {
    background: '#faf8f4',
    surface: '#ffffff',
    surfaceMuted: '#f3efe7',
    surfaceTinted: '#eaf2ee',
    text: '#1c2724',
    textMuted: '#4a5853',
    border: '#ddd6ca',
    borderStrong: '#8a958f',
    primary: '#2b6a59',
    primaryHover: '#235a4b',
    primaryPressed: '#1c4a3e',
    onPrimary: '#ffffff',
    primarySoft: '#dcebe4',
    onPrimarySoft: '#1f4f42',
    accent: '#c98b5b',
    focusRing: '#1f6feb',
    danger: '#b3261e',
    dangerSoft: '#fcebea',
    star: '#9a5b00',
    skeleton: '#ebe6dc',
    skeletonHighlight: '#f6f3ed',
    headerScrolled: 'rgba(255, 255, 255, 0.92)',
  },
  shadow: {
    sm: '0 1px 2px rgba(28, 39, 36, 0.06)',
    md: '0 4px 16px rgba(28, 39, 36, 0.08)',
    lg: '0 12px 32px rgba(28, 39, 36, 0.12)',
  },
};

const dark = {
  color: {
    background: '#111715',
    surface: '#19211e',
    surfaceMuted: '#1f2925',
    surfaceTinted: '#172420',
    text: '#e8eee9',
    textMuted: '#aebdb6',
    border: '#2f3d37',
    borderStrong: '#71827a',
    primary: '#7fc8b0',
    primaryHover: '#98d5c0',
    primaryPressed: '#b0e0d0',
    onPrimary: '#0b1a15',
    primarySoft: '#20362e',
    onPrimarySoft: '#bfe5d7',
    accent: '#e0a77a',
    focusRing: '#8cc4ff',
    danger: '#ffb4ab',
    dangerSoft: '#3a1e1b',
    star: '#f3bd55',
    skeleton: '#25302c',
    skeletonHighlight: '#2e3a35',
    headerScrolled: 'rgba(25, 33, 30, 0.92)',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 16px rgba(0, 0, 0, 0.35)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.45)',
  },
};

// The class on <html> (set by /theme-init.js before first paint, then by the theme provider)
// picks the theme; `:root` alone gives the light theme when no class is set yet.
createGlobalTheme(':root, :root.light', vars, light);
createGlobalTheme(':root.dark', vars, dark);

/** Tokens that do not change with the theme. */
export const space = {
  xs: '0.25rem',
  sm: '0.5rem',
  md: '1rem',
  lg: '1.5rem',
  xl: '2rem',
  xxl: '3rem',
  xxxl: '5rem',
} as const;

export const radius = {
  sm: '6px',
  md: '10px',
  lg: '16px',
  xl: '24px',
  full: '999px',
} as const;

export const font = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  heading: 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif',
} as const;

/**
 * The type scale of titles, largest first: every heading picks one of these instead of a size of
 * its own. `page` is a workspace's home (the dashboards, the schedule), `subpage` every other
 * screen's title; `section`, `card` and `item` are the headings inside a screen.
 */
export const titleSize = {
  hero: 'clamp(2.25rem, 7vw, 3.75rem)',
  page: 'clamp(1.75rem, 5vw, 2.5rem)',
  subpage: 'clamp(1.5rem, 4vw, 2rem)',
  section: '1.375rem',
  card: '1.25rem',
  item: '1.125rem',
} as const;

export const breakpoint = {
  sm: 'screen and (min-width: 640px)',
  md: 'screen and (min-width: 768px)',
  lg: 'screen and (min-width: 1024px)',
} as const;

export const headerHeight = '4rem';

/** A visible focus ring for keyboard users, shared by every control. */
export const focusRing = {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
} as const;
