import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  initData,
  isTMA,
  mainButton,
  miniApp,
  openLink,
  retrieveLaunchParams,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';

/**
 * The Telegram SDK, initialised once for the whole mini-app: theme parameters and viewport bound to
 * CSS variables (--tg-theme-*, --tg-viewport-*), back button, main button, closing confirmation and
 * haptic feedback. Outside Telegram every helper here is a no-op and the page works as a web page.
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

/** Spec: the Telegram wizard sets a dark grey header and a white background. */
export const HEADER_COLOR = '#2d2d2d';
export const LIGHT_BACKGROUND = '#ffffff';

let env: TelegramEnv | undefined;

export function startTelegram(): TelegramEnv {
  if (env) return env;
  if (!isTMA()) return (env = { inTelegram: false, user: null, platform: 'web', initDataRaw: null, startParam: new URLSearchParams(window.location.search).get('tgWebAppStartParam') });
  init();
  initData.restore();
  const launch = retrieveLaunchParams();
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  closingBehavior.mount.ifAvailable();
  themeParams.mountSync.ifAvailable();
  themeParams.bindCssVars.ifAvailable();
  miniApp.mountSync.ifAvailable();
  miniApp.bindCssVars.ifAvailable();
  if (viewport.mount.isAvailable()) {
    viewport
      .mount()
      .then(() => {
        viewport.bindCssVars.ifAvailable();
        viewport.expand.ifAvailable();
      })
      .catch((err: unknown) => console.error('viewport', err));
  }
  applyColours();
  themeParams.isDark.sub(applyColours);
  miniApp.ready.ifAvailable();
  const user = initData.user();
  return (env = {
    inTelegram: true,
    user: user ? { id: user.id, firstName: user.first_name, username: user.username, languageCode: user.language_code } : null,
    platform: launch.tgWebAppPlatform,
    initDataRaw: initData.raw() ?? null,
    startParam: launch.tgWebAppStartParam ?? null,
  });
}

/**
 * Header dark grey and background white (spec), in the light theme. In a dark theme a white page would
 * fight Telegram's own colours, so the background follows the theme there (see webapp/README.md).
 */
function applyColours() {
  miniApp.setHeaderColor.ifAvailable(themeParams.isDark() ? 'bg_color' : HEADER_COLOR);
  miniApp.setBackgroundColor.ifAvailable(themeParams.isDark() ? (themeParams.backgroundColor() ?? '#17212b') : LIGHT_BACKGROUND);
}

const media = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Light or dark: Telegram's theme inside Telegram, the system's outside. */
export function useIsDark(inTelegram: boolean): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (inTelegram) return themeParams.isDark.sub(changed);
      const m = media();
      m.addEventListener('change', changed);
      return () => m.removeEventListener('change', changed);
    },
    () => (inTelegram ? themeParams.isDark() : media().matches),
  );
}

export const haptics = {
  /** A choice was made (tile, coin). */
  select: () => void hapticFeedback.selectionChanged.ifAvailable(),
  /** Spec: heavy haptic feedback when a payment is created and when creating it fails. */
  heavy: () => void hapticFeedback.impactOccurred.ifAvailable('heavy'),
  success: () => void hapticFeedback.notificationOccurred.ifAvailable('success'),
  warning: () => void hapticFeedback.notificationOccurred.ifAvailable('warning'),
  error: () => void hapticFeedback.notificationOccurred.ifAvailable('error'),
};

/**
 * Opens a link outside the mini-app (a wallet's payment link) through Telegram, which hands it to the
 * phone; a web view's own navigation may not leave Telegram. Where Telegram cannot, the browser's way.
 */
export function openExternal(url: string): void {
  if (!openLink.ifAvailable(url)[0]) window.open(url, '_blank', 'noopener');
}

export interface MainButtonSpec {
  text: string;
  enabled: boolean;
  loading?: boolean;
  onClick(): void;
}

/** The native main button: shown with `spec`, hidden with null. */
export function useMainButton(spec: MainButtonSpec | null): void {
  const onClick = useRef<(() => void) | undefined>(undefined);
  onClick.current = spec?.onClick;
  useEffect(() => {
    if (!mainButton.onClick.isAvailable()) return;
    return mainButton.onClick(() => {
      if (mainButton.isEnabled()) onClick.current?.();
    });
  }, []);
  const text = spec?.text;
  const enabled = spec?.enabled ?? false;
  const loading = spec?.loading ?? false;
  useEffect(() => {
    if (text === undefined) mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false });
    else mainButton.setParams.ifAvailable({ text, isVisible: true, isEnabled: enabled && !loading, isLoaderVisible: loading });
  }, [text, enabled, loading]);
}

/** The native back button: shown while `onBack` is given. */
export function useBackButton(onBack: (() => void) | null): void {
  const handler = useRef(onBack);
  handler.current = onBack;
  useEffect(() => {
    if (!backButton.onClick.isAvailable()) return;
    return backButton.onClick(() => handler.current?.());
  }, []);
  const shown = onBack !== null;
  useEffect(() => {
    if (shown) backButton.show.ifAvailable();
    else backButton.hide.ifAvailable();
  }, [shown]);
}

/** Asks before Telegram closes the mini-app while a payment is under way ("do not close the page"). */
export function useClosingConfirmation(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    closingBehavior.enableConfirmation.ifAvailable();
    return () => void closingBehavior.disableConfirmation.ifAvailable();
  }, [active]);
}
