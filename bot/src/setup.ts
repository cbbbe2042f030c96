import type { Api } from 'grammy';
import { LOCALE_CODES, messages, type Messages } from './locales';

/** The updates the bot reads (everything else is not delivered at all). */
export const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

function commands(t: Messages) {
  return [
    { command: 'recharge', description: t.cmdRecharge },
    { command: 'orders', description: t.cmdOrders },
    { command: 'balance', description: t.cmdBalance },
    { command: 'language', description: t.cmdLanguage },
    { command: 'support', description: t.cmdSupport },
    { command: 'help', description: t.cmdHelp },
    { command: 'cancel', description: t.cmdCancel },
    { command: 'start', description: t.cmdStart },
  ];
}

/**
 * At start: the command list in every language we speak (English is the default for the others),
 * and the chat's menu button, which opens the mini-app (or shows the commands when there is no https
 * mini-app address, as in development).
 */
export async function configureTelegram(api: Api, webAppUrl: string | null): Promise<void> {
  for (const locale of LOCALE_CODES) {
    await api.setMyCommands(commands(messages(locale)), locale === 'en' ? undefined : { language_code: locale });
  }
  const t = messages('en');
  await api.setChatMenuButton({
    menu_button: webAppUrl ? { type: 'web_app', text: t.menuButton, web_app: { url: webAppUrl } } : { type: 'commands' },
  });
}
