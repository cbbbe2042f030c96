import type { Api } from 'grammy';
import { LOCALE_CODES, catalogFor, type Catalog } from '@topup/shared';

/** The updates the bot reads (everything else is not delivered at all). */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'inline_query'] as const;

function commands(t: Catalog) {
  return [
    { command: 'recharge', description: t.bot.cmdRecharge },
    { command: 'orders', description: t.bot.cmdOrders },
    { command: 'balance', description: t.bot.cmdBalance },
    { command: 'language', description: t.bot.cmdLanguage },
    { command: 'support', description: t.bot.cmdSupport },
    { command: 'help', description: t.bot.cmdHelp },
    { command: 'paysupport', description: t.bot.cmdPaySupport },
    { command: 'privacy', description: t.bot.cmdPrivacy },
    { command: 'cancel', description: t.bot.cmdCancel },
    { command: 'start', description: t.bot.cmdStart },
  ];
}

/**
 * At start: the command list in every language we speak (English is the default for the others),
 * and the chat's menu button, which opens the mini-app (or shows the commands when there is no https
 * mini-app address, as in development).
 */
export async function configureTelegram(api: Api, webAppUrl: string | null): Promise<void> {
  for (const locale of LOCALE_CODES) {
    await api.setMyCommands(commands(catalogFor(locale)), locale === 'en' ? undefined : { language_code: locale });
  }
  const t = catalogFor('en');
  await api.setChatMenuButton({
    menu_button: webAppUrl ? { type: 'web_app', text: t.bot.menuButton, web_app: { url: webAppUrl } } : { type: 'commands' },
  });
}
