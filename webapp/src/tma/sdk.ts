import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  initData,
  mainButton,
  miniApp,
  openLink,
  settingsButton,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';

/** Spec: the Telegram wizard sets a dark grey header and a white background. */
const HEADER_COLOR = '#2d2d2d';
const LIGHT_BACKGROUND = '#ffffff';

/**
 * The Telegram SDK half of the mini-app (./telegram.ts), loaded on demand right after the start: the
 * first screen draws without it (the launch parameters say who and where), and the SDK then binds the
 * theme and viewport to CSS variables (--tg-theme-*, --tg-viewport-*), the buttons, the closing
 * confirmation and haptic feedback.
 */
export function startSdk(): void {
  init();
  initData.restore();
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  // Telegram's "Settings" entry of the mini-app's menu: where its rules have a mini app show its privacy policy.
  settingsButton.mount.ifAvailable();
  settingsButton.show.ifAvailable();
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
}

/**
 * Header dark grey and background white (spec), in the light theme. In a dark theme a white page would
 * fight Telegram's own colours, so the background follows the theme there (see webapp/README.md).
 */
function applyColours() {
  miniApp.setHeaderColor.ifAvailable(themeParams.isDark() ? 'bg_color' : HEADER_COLOR);
  miniApp.setBackgroundColor.ifAvailable(themeParams.isDark() ? (themeParams.backgroundColor() ?? '#17212b') : LIGHT_BACKGROUND);
}

export const isDark = () => themeParams.isDark();
export const onDarkChange = (changed: () => void) => themeParams.isDark.sub(changed);

export const haptic = {
  select: () => void hapticFeedback.selectionChanged.ifAvailable(),
  impact: (style: 'heavy') => void hapticFeedback.impactOccurred.ifAvailable(style),
  notify: (kind: 'success' | 'warning' | 'error') => void hapticFeedback.notificationOccurred.ifAvailable(kind),
};

/** Whether Telegram opened the link (else the caller uses the browser's way). */
export const openLinkInTelegram = (url: string): boolean => !!openLink.ifAvailable(url)[0];

export function onMainButtonClick(handler: () => void): (() => void) | undefined {
  if (!mainButton.onClick.isAvailable()) return undefined;
  return mainButton.onClick(() => {
    if (mainButton.isEnabled()) handler();
  });
}

export function setMainButton(spec: { text: string; enabled: boolean; loading: boolean } | null): void {
  if (spec === null) mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false });
  else mainButton.setParams.ifAvailable({ text: spec.text, isVisible: true, isEnabled: spec.enabled && !spec.loading, isLoaderVisible: spec.loading });
}

export function onBackButtonClick(handler: () => void): (() => void) | undefined {
  if (!backButton.onClick.isAvailable()) return undefined;
  return backButton.onClick(handler);
}

export function showBackButton(shown: boolean): void {
  if (shown) backButton.show.ifAvailable();
  else backButton.hide.ifAvailable();
}

export function onSettingsButtonClick(handler: () => void): (() => void) | undefined {
  if (!settingsButton.onClick.isAvailable()) return undefined;
  return settingsButton.onClick(handler);
}

export function confirmClosing(active: boolean): void {
  if (active) closingBehavior.enableConfirmation.ifAvailable();
  else closingBehavior.disableConfirmation.ifAvailable();
}
