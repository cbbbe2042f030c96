import { emitEvent, isTMA, mockTelegramEnv, type ThemeParams } from '@telegram-apps/sdk-react';

/**
 * Development only (imported behind import.meta.env.DEV): outside Telegram, the Telegram environment is
 * mocked so the page runs in an ordinary browser. The SDK's requests get answers, and the main and back
 * buttons Telegram would draw are drawn here. The mock's init data is not signed, so the app sends
 * none to the API (its calls are anonymous). Returns whether it mocked.
 */
export function mockTelegramOutside(): boolean {
  if (isTMA()) return false;
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const theme: ThemeParams = dark
    ? {
        bg_color: '#17212b',
        text_color: '#f5f5f5',
        hint_color: '#708499',
        link_color: '#6ab3f3',
        button_color: '#5288c1',
        button_text_color: '#ffffff',
        secondary_bg_color: '#232e3c',
        section_bg_color: '#17212b',
        header_bg_color: '#17212b',
        destructive_text_color: '#ec3942',
        accent_text_color: '#6ab2f2',
        section_header_text_color: '#6ab3f3',
        subtitle_text_color: '#708499',
      }
    : {
        bg_color: '#ffffff',
        text_color: '#000000',
        hint_color: '#999999',
        link_color: '#2481cc',
        button_color: '#2481cc',
        button_text_color: '#ffffff',
        secondary_bg_color: '#efeff3',
        section_bg_color: '#ffffff',
        header_bg_color: '#2d2d2d',
        destructive_text_color: '#e53935',
        accent_text_color: '#2481cc',
        section_header_text_color: '#6d6d72',
        subtitle_text_color: '#999999',
      };
  const initDataRaw = new URLSearchParams([
    ['user', JSON.stringify({ id: 1, first_name: 'Developer', username: 'developer', language_code: 'en' })],
    ['auth_date', String(Math.floor(Date.now() / 1000))],
    ['hash', '0'.repeat(64)],
    ['signature', 'development'],
  ]).toString();
  const mainButton = fakeButton(
    'dev-main-button',
    'position:fixed;left:12px;right:12px;bottom:12px;min-height:48px;border:0;border-radius:12px;font:600 16px system-ui;z-index:100',
  );
  // Telegram's header (with its back button) above the page, its main button below.
  const header = document.createElement('div');
  header.setAttribute('style', 'position:sticky;top:0;height:40px;background:#2d2d2d;z-index:100;display:flex;align-items:center;padding:0 8px');
  document.body.prepend(header);
  document.body.style.paddingBottom = '72px';
  const backButton = fakeButton('dev-back-button', 'padding:6px 12px;border:0;border-radius:8px;font:500 14px system-ui;background:#fff2;color:#fff', header);
  backButton.textContent = '‹ Back';
  mainButton.onclick = () => emitEvent('main_button_pressed');
  backButton.onclick = () => emitEvent('back_button_pressed');
  mockTelegramEnv({
    launchParams: { tgWebAppThemeParams: theme, tgWebAppData: initDataRaw, tgWebAppVersion: '8.0', tgWebAppPlatform: 'tdesktop' },
    onEvent(event) {
      const [name, params] = event as [string, Record<string, unknown> | undefined];
      if (name === 'web_app_request_theme') emitEvent('theme_changed', { theme_params: theme });
      else if (name === 'web_app_request_viewport')
        emitEvent('viewport_changed', { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true });
      else if (name === 'web_app_request_safe_area') emitEvent('safe_area_changed', { left: 0, top: 0, right: 0, bottom: 0 });
      else if (name === 'web_app_request_content_safe_area') emitEvent('content_safe_area_changed', { left: 0, top: 0, right: 0, bottom: 0 });
      else if (name === 'web_app_setup_main_button' && params) {
        mainButton.hidden = !params.is_visible;
        mainButton.textContent = params.is_progress_visible ? '…' : String(params.text ?? '');
        mainButton.disabled = !params.is_active;
        mainButton.style.background = String(params.color ?? theme.button_color);
        mainButton.style.color = String(params.text_color ?? theme.button_text_color);
        mainButton.style.opacity = params.is_active ? '1' : '0.5';
      } else if (name === 'web_app_setup_back_button' && params) backButton.hidden = !params.is_visible;
    },
  });
  return true;
}

function fakeButton(id: string, style: string, parent: HTMLElement = document.body): HTMLButtonElement {
  const button = document.createElement('button');
  button.id = id;
  button.hidden = true;
  button.setAttribute('style', style);
  parent.append(button);
  return button;
}
