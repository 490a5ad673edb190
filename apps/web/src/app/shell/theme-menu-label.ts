import type { Theme } from '../../lib/theme.tsx';

const themeLabels: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** The theme button's accessible name, e.g. "Change theme (current: System)". */
export const themeMenuLabel = (theme: Theme): string => `Change theme (current: ${themeLabels[theme]})`;
