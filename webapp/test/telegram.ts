import { sign } from '@telegram-apps/init-data-node';

/** A bot token of the right shape for tests: init data is signed with it, the API checks with it. */
export const TEST_BOT_TOKEN = '7000000001:AAtest-bot-token-for-the-mini-app-e2e';

export const TEST_USER = { id: 424242, first_name: 'Ada', last_name: 'Lovelace', username: 'ada_test', language_code: 'en' };

/** Init data as Telegram signs it (HMAC with the bot token), dated `authDate`. */
export function signedInitData(opts: { token?: string; authDate?: Date; user?: typeof TEST_USER } = {}): string {
  return sign(
    { user: opts.user ?? TEST_USER, chat_instance: '-1234567890123456789', chat_type: 'sender', query_id: 'AAHdF6IQAAAAAN0XohDhrOrc' },
    opts.token ?? TEST_BOT_TOKEN,
    opts.authDate ?? new Date(),
  );
}

export const LIGHT_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff3',
  section_bg_color: '#ffffff',
  section_separator_color: '#e7e7e7',
  header_bg_color: '#2d2d2d',
  accent_text_color: '#2481cc',
  destructive_text_color: '#e53935',
  subtitle_text_color: '#999999',
  section_header_text_color: '#6d6d72',
};

export const DARK_THEME = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  section_separator_color: '#111921',
  header_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  destructive_text_color: '#ec3942',
  subtitle_text_color: '#708499',
  section_header_text_color: '#6ab3f3',
};

/** The launch parameters Telegram puts in the mini-app URL's hash. */
export function launchHash(initData: string, theme: Record<string, string> = LIGHT_THEME, platform = 'android'): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  return `#${params.toString()}`;
}

/**
 * What a Telegram mobile client provides (run in the page before any script): `TelegramWebviewProxy`
 * receives the mini-app's method calls and answers requests through `Telegram.WebView.receiveEvent`.
 * Calls are recorded in `window.__tg`, with the main and back buttons' current state, so a test can
 * read the labels and press the buttons as a user of Telegram would.
 */
export function telegramClientScript(theme: Record<string, string>): string {
  return `(() => {
    const theme = ${JSON.stringify(theme)};
    const tg = (window.__tg = { events: [], mainButton: null, backButtonVisible: false, headerColor: null, backgroundColor: null, haptics: [] });
    const reply = (name, payload) => setTimeout(() => window.Telegram.WebView.receiveEvent(name, payload), 0);
    window.TelegramWebviewProxy = {
      postEvent(type, data) {
        const params = data ? JSON.parse(data) : undefined;
        tg.events.push([type, params]);
        switch (type) {
          case 'web_app_setup_main_button': tg.mainButton = params; break;
          case 'web_app_setup_back_button': tg.backButtonVisible = params.is_visible; break;
          case 'web_app_set_header_color': tg.headerColor = params.color || params.color_key; break;
          case 'web_app_set_background_color': tg.backgroundColor = params.color; break;
          case 'web_app_trigger_haptic_feedback': tg.haptics.push(params); break;
          case 'web_app_request_theme': reply('theme_changed', { theme_params: theme }); break;
          case 'web_app_request_viewport': reply('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true }); break;
          case 'web_app_request_safe_area': reply('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }); break;
          case 'web_app_request_content_safe_area': reply('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }); break;
        }
      },
    };
  })();`;
}
