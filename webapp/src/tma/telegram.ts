import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type * as SdkModule from './sdk';

/**
 * The mini-app in Telegram. The launch parameters (the page's hash, kept in sessionStorage for a
 * reload) say at once whether the page is in Telegram, who the user is, the platform and the theme:
 * the first screen draws with them. The Telegram SDK (./sdk.ts: buttons, theme and viewport CSS
 * variables, haptics) is its own chunk, fetched right after the start, so that it is not part of the
 * first load. Outside Telegram every helper here is a no-op and the page works as a web page.
 */

export interface TelegramUser {
  id: number;
  firstName: string;
  username?: string;
  /** Telegram's language of the user (IETF tag); the mini-app speaks it when it is one of ours. */
  languageCode?: string;
}

export interface TelegramEnv {
  inTelegram: boolean;
  user: TelegramUser | null;
  /** Telegram's platform name (android, ios, tdesktop, weba…), 'web' outside Telegram. */
  platform: string;
  /** The raw init data, sent with every API call; null outside Telegram. */
  initDataRaw: string | null;
  /** The start parameter (`startapp=` of the mini-app's link: `order_<paymentId>` opens that order); null without one. */
  startParam: string | null;
}

const LAUNCH_KEY = 'topup/tg-launch';

type Sdk = typeof SdkModule;
let sdk: Sdk | null = null;
const sdkListeners = new Set<() => void>();
let env: TelegramEnv | undefined;
let launchDark = false;

/** The launch parameters: the hash Telegram opened the page with, else those of this tab's first load. */
function launchParams(): URLSearchParams | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  try {
    if (hash.get('tgWebAppData')) {
      sessionStorage.setItem(LAUNCH_KEY, window.location.hash.slice(1));
      return hash;
    }
    // This tab's first load, else what the SDK keeps (the development mock writes only there).
    const saved = sessionStorage.getItem(LAUNCH_KEY) ?? sdkSaved();
    return saved ? new URLSearchParams(saved) : null;
  } catch {
    return hash.get('tgWebAppData') ? hash : null;
  }
}

function sdkSaved(): string | null {
  const raw = sessionStorage.getItem('tapps/launchParams');
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : null;
  } catch {
    return raw;
  }
}

function userOf(initDataRaw: string): TelegramUser | null {
  try {
    const user = JSON.parse(new URLSearchParams(initDataRaw).get('user') ?? 'null') as {
      id: number;
      first_name: string;
      username?: string;
      language_code?: string;
    } | null;
    return user ? { id: user.id, firstName: user.first_name, username: user.username, languageCode: user.language_code } : null;
  } catch {
    return null;
  }
}

/** A theme's background is dark when its luminance is low. */
function darkBackground(themeJson: string | null): boolean {
  try {
    const bg = (JSON.parse(themeJson ?? '{}') as { bg_color?: string }).bg_color;
    if (!bg || !/^#[0-9a-f]{6}$/i.test(bg)) return false;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 120;
  } catch {
    return false;
  }
}

export function startTelegram(): TelegramEnv {
  if (env) return env;
  const launch = launchParams();
  const initDataRaw = launch?.get('tgWebAppData');
  if (!launch || !initDataRaw)
    return (env = {
      inTelegram: false,
      user: null,
      platform: 'web',
      initDataRaw: null,
      startParam: new URLSearchParams(window.location.search).get('tgWebAppStartParam'),
    });
  launchDark = darkBackground(launch.get('tgWebAppThemeParams'));
  void import('./sdk').then(
    (loaded) => {
      loaded.startSdk();
      sdk = loaded;
      sdkListeners.forEach((l) => l());
    },
    (err: unknown) => console.error('Telegram SDK failed to load', err),
  );
  return (env = {
    inTelegram: true,
    user: userOf(initDataRaw),
    platform: launch.get('tgWebAppPlatform') ?? 'unknown',
    initDataRaw,
    startParam: launch.get('tgWebAppStartParam'),
  });
}

/** The SDK once it is there (a component re-renders when it arrives). */
function useSdk(): Sdk | null {
  const [, setLoaded] = useState(sdk !== null);
  useEffect(() => {
    if (sdk) return;
    const l = () => setLoaded(true);
    sdkListeners.add(l);
    return () => void sdkListeners.delete(l);
  }, []);
  return sdk;
}

const media = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Light or dark: Telegram's theme inside Telegram (its launch theme until the SDK is there), the system's outside. */
export function useIsDark(inTelegram: boolean): boolean {
  const loaded = useSdk();
  return useSyncExternalStore(
    (changed) => {
      if (inTelegram) return loaded ? loaded.onDarkChange(changed) : () => undefined;
      const m = media();
      m.addEventListener('change', changed);
      return () => m.removeEventListener('change', changed);
    },
    () => (inTelegram ? (loaded ? loaded.isDark() : launchDark) : media().matches),
  );
}

export const haptics = {
  /** A choice was made (tile, coin). */
  select: () => sdk?.haptic.select(),
  /** Spec: heavy haptic feedback when a payment is created and when creating it fails. */
  heavy: () => sdk?.haptic.impact('heavy'),
  success: () => sdk?.haptic.notify('success'),
  warning: () => sdk?.haptic.notify('warning'),
  error: () => sdk?.haptic.notify('error'),
};

/**
 * Opens a link outside the mini-app (a wallet's payment link) through Telegram, which hands it to the
 * phone; a web view's own navigation may not leave Telegram. Where Telegram cannot, the browser's way.
 */
export function openExternal(url: string): void {
  if (!sdk?.openLinkInTelegram(url)) window.open(url, '_blank', 'noopener');
}

export interface MainButtonSpec {
  text: string;
  enabled: boolean;
  loading?: boolean;
  onClick(): void;
}

/** The native main button: shown with `spec`, hidden with null. */
export function useMainButton(spec: MainButtonSpec | null): void {
  const loaded = useSdk();
  const onClick = useRef<(() => void) | undefined>(undefined);
  onClick.current = spec?.onClick;
  useEffect(() => loaded?.onMainButtonClick(() => onClick.current?.()), [loaded]);
  const text = spec?.text;
  const enabled = spec?.enabled ?? false;
  const loading = spec?.loading ?? false;
  useEffect(() => {
    loaded?.setMainButton(text === undefined ? null : { text, enabled, loading });
  }, [loaded, text, enabled, loading]);
}

/** The native back button: shown while `onBack` is given. */
export function useBackButton(onBack: (() => void) | null): void {
  const loaded = useSdk();
  const handler = useRef(onBack);
  handler.current = onBack;
  useEffect(() => loaded?.onBackButtonClick(() => handler.current?.()), [loaded]);
  const shown = onBack !== null;
  useEffect(() => {
    loaded?.showBackButton(shown);
  }, [loaded, shown]);
}

/** Telegram's Settings button (the mini-app's menu): `onOpen` when it is pressed. */
export function useSettingsButton(onOpen: () => void): void {
  const loaded = useSdk();
  const handler = useRef(onOpen);
  handler.current = onOpen;
  useEffect(() => loaded?.onSettingsButtonClick(() => handler.current()), [loaded]);
}

/** Asks before Telegram closes the mini-app while a payment is under way ("do not close the page"). */
export function useClosingConfirmation(active: boolean): void {
  const loaded = useSdk();
  useEffect(() => {
    if (!active || !loaded) return;
    loaded.confirmClosing(true);
    return () => loaded.confirmClosing(false);
  }, [loaded, active]);
}
