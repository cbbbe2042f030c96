import { useSyncExternalStore } from 'react';

/** Spec: light, dark or system; default light; stored under the local key `theme`. */
export type Theme = 'light' | 'dark' | 'system';
export const THEME_KEY = 'theme';
const THEMES: Theme[] = ['light', 'dark', 'system'];

const media = window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function stored(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return THEMES.includes(value as Theme) ? (value as Theme) : 'light';
  } catch {
    return 'light';
  }
}

let current: Theme = stored();

/** Puts the resolved appearance on <html>: the site's colours and the wizard's follow it. */
function apply() {
  const dark = current === 'dark' || (current === 'system' && media.matches);
  const root = document.documentElement;
  root.dataset.theme = dark ? 'dark' : 'light';
  root.dataset.appearance = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function startTheme(): void {
  apply();
  media.addEventListener('change', () => {
    if (current === 'system') apply();
  });
  // Another tab changed it.
  window.addEventListener('storage', (e) => {
    if (e.key !== THEME_KEY) return;
    current = stored();
    apply();
    for (const l of listeners) l();
  });
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  apply();
  for (const l of listeners) l();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => current,
  );
}

export const nextTheme = (theme: Theme): Theme => THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
