import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../test/match-media.ts';
import { THEME_STORAGE_KEY, ThemeProvider, useTheme } from './theme.tsx';

function ThemeProbe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p>
        theme:{theme} resolved:{resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme('dark')}>
        dark
      </button>
      <button type="button" onClick={() => setTheme('light')}>
        light
      </button>
      <button type="button" onClick={() => setTheme('system')}>
        system
      </button>
    </div>
  );
}

const html = document.documentElement;

describe('ThemeProvider', () => {
  it('defaults to "system", following the operating system and reacting to its changes', () => {
    const media = stubMatchMedia({ dark: false });
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('theme:system resolved:light')).toBeTruthy();
    expect(html.classList.contains('light')).toBe(true);

    act(() => media.setDark(true));
    expect(screen.getByText('theme:system resolved:dark')).toBeTruthy();
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.classList.contains('light')).toBe(false);
    expect(html.style.colorScheme).toBe('dark');
  });

  it(`reads the stored choice from localStorage "${THEME_STORAGE_KEY}"`, () => {
    stubMatchMedia({ dark: false });
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('theme:dark resolved:dark')).toBeTruthy();
    expect(html.className).toBe('dark');
  });

  it('ignores an unknown stored value', () => {
    stubMatchMedia({ dark: true });
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('theme:system resolved:dark')).toBeTruthy();
  });

  it('writes the choice to localStorage and applies it to <html>', async () => {
    stubMatchMedia({ dark: false });
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'dark' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'light' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(html.classList.contains('light')).toBe(true);
    expect(html.style.colorScheme).toBe('light');
  });
});
