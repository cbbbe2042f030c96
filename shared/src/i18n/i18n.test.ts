import { describe, expect, it } from 'vitest';
import { CATALOGS } from './catalogs';
import { apiErrorText, PHONE_ERROR_MESSAGES } from './api-errors';
import { countryNameIn, formatCryptoIn, formatDateTimeIn, formatLocalAmount, formatShortUsdIn, formatUsdIn } from './format';
import { loadWebCatalog } from './load';
import { LOCALE_CODES, negotiateLocale, parseAcceptLanguage, type Locale } from './locale';

/** Every text of a catalog, its functions called with a stand-in for each parameter, by path. */
function texts(node: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  const param = new Proxy({}, { get: (_t, key) => (key === Symbol.toPrimitive ? () => 'X' : 'X') });
  if (typeof node === 'string') out.set(path, node);
  else if (typeof node === 'function') out.set(path, String((node as (p: unknown) => unknown)(param)));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) for (const [p, t] of texts(v, `${path}.${k}`)) out.set(p, t);
  return out;
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('choosing a language', () => {
  it('takes a choice first, then Telegram, then the browser, else English', () => {
    expect(negotiateLocale({ chosen: 'es', telegram: 'fr', accepted: 'pt-BR' })).toBe('es');
    expect(negotiateLocale({ chosen: 'de', telegram: 'pt-br', accepted: 'fr' })).toBe('pt');
    expect(negotiateLocale({ accepted: 'de-DE,fr;q=0.8,en;q=0.5' })).toBe('fr');
    expect(negotiateLocale({ accepted: ['es-419', 'en'] })).toBe('es');
    expect(negotiateLocale({ accepted: 'fr;q=0, de' })).toBe('en');
    expect(negotiateLocale({})).toBe('en');
  });
  it('reads Accept-Language by weight, keeping the order of ties', () => {
    expect(parseAcceptLanguage('en;q=0.5, fr-CA, pt;q=0.9, *;q=0.1, es')).toEqual(['fr-CA', 'es', 'pt', 'en']);
  });
});

describe('formats per language', () => {
  it('keeps the spec’s US dollars in English and follows each language elsewhere', () => {
    expect(formatUsdIn('en', 123450)).toBe('$1,234.50');
    expect(plain(formatUsdIn('fr', 123450))).toBe('1 234,50 $US');
    expect(plain(formatUsdIn('pt', 1250))).toBe('US$ 12,50');
    // Round amounts without their cents (quick amounts, fees, limits); others keep them.
    expect(formatShortUsdIn('en', 2000)).toBe('$20');
    expect(plain(formatShortUsdIn('fr', 2000))).toBe('20 $US');
    expect(plain(formatShortUsdIn('pt', 1250))).toBe('US$ 12,50');
  });
  it('shows local money with the language’s grouping and the currency’s decimals', () => {
    expect(plain(formatLocalAmount('en', 2500, 'XAF'))).toBe('2,500 XAF');
    expect(plain(formatLocalAmount('fr', 2500, 'XAF'))).toBe('2 500 XAF');
    expect(plain(formatLocalAmount('pt', 1500.5, 'NGN'))).toBe('1.500,50 NGN');
    expect(plain(formatLocalAmount('en', 12.5, 'ZZZ'))).toBe('12.50 ZZZ');
  });
  it('keeps the 8-decimal rule for crypto amounts, exactly, with the language’s separators', () => {
    expect(formatCryptoIn('en', 1_234_567_890_000_000_000_001n, 18)).toBe('1,234.56789001'); // rounded up, never down
    expect(plain(formatCryptoIn('fr', 1_234_500_000n, 6))).toBe('1 234,5');
    expect(formatCryptoIn('pt', 5n, 6)).toBe('0,000005');
  });
  it('writes dates in the spec’s shape per language, and country names', () => {
    const d = new Date(Date.UTC(2025, 5, 29, 14, 5));
    expect(formatDateTimeIn('en', d, 'UTC')).toBe('Jun 29, 2025, 02:05 PM');
    expect(formatDateTimeIn('fr', d, 'UTC')).toBe('29 juin 2025, 14:05');
    expect(countryNameIn('es', 'CM', 'Cameroon')).toBe('Camerún');
  });
});

describe('catalogs', () => {
  const english = texts(CATALOGS.en);

  it('keep the spec’s English texts as the spec writes them', () => {
    const spec = [
      'Error loading countries. Please try again later.',
      'Error loading operators. Please try again later.',
      'Error loading top-up amounts. Please try again later.',
      'No operators available for this country.',
      'No amounts available for this operator.',
      'No country found.',
      'Please select a country first.',
      'Please select an operator first.',
      'Cryptocurrency wallet temporarily unavailable. Please try again in a moment.',
      'Failed to create payment. Please try again.',
      'Failed to load order history. Please try again later.',
      "You haven't made any mobile recharges yet",
      'Make Your First Recharge',
      'Payment Received - Processing Top-up...',
      'Waiting for Payment...',
      'Copied to clipboard!',
      'Phone number is required',
      'Invalid phone number format',
      'Please enter a valid email address.',
      'Send mobile credit to your loved ones in minutes',
      'Enter just the local number without country code',
      'Your 6-minute payment window has expired. The wallet address is no longer reserved. Please create a new payment request to continue.',
    ];
    const all = [...english.values()];
    for (const text of spec)
      expect(
        all.some((t) => t.includes(text)),
        text,
      ).toBe(true);
    expect(CATALOGS.en.common.phoneErrors).toEqual(PHONE_ERROR_MESSAGES);
  });

  it('leave no English in another language but names, codes and words that are the same there', () => {
    const same =
      /^(\.(common\.(labels\.(total|date|status)|amountChoice|approxLocal|numberFirst\.detected|colon|pin\.code)|web\.important|web\.pay\.(service|type)|web\.shell\.(menu|services)|web\.supportWidget\.message|web\.home\.(statChains|cryptoTitle)|web\.tma\.sections|web\.pages\.(contact\.email|promotions\.title)|web\.phonePlaceholder|email\.paidAmount|bot\.(cmd\w+|menuButton|numberNotRecognised|orderSummary|supportTelegram|supportWhatsapp)))$/;
    for (const locale of LOCALE_CODES.filter((l) => l !== 'en')) {
      const untranslated = [...texts(CATALOGS[locale])].filter(([path, text]) => !same.test(path) && /[a-z]{3}/i.test(text) && text === english.get(path));
      expect(untranslated.map(([path]) => `${locale}${path}`)).toEqual([]);
    }
  });

  it('set French punctuation apart with a no-break space', () => {
    for (const [path, text] of texts(CATALOGS.fr)) {
      expect(text, path).not.toMatch(/ [:;?!]/);
      expect(text, path).not.toMatch(/[\p{L}>)][:;?!](\s|$)/u);
    }
  });

  it('say the offered coins, and something true while the server has not said them (no compiled-in list)', () => {
    const offered = { coins: 3, chains: 2, coinNames: 'USDT and USDC', networkNames: 'Ethereum and Tron' };
    for (const locale of LOCALE_CODES) {
      const { home } = CATALOGS[locale].web;
      const { landing, about, help } = CATALOGS[locale].web.pages;
      const unknown = [
        home.heroText({ countries: null, coins: null }),
        home.cryptoBody(null),
        landing.payBody({ coins: null }),
        about.whatBody({ countries: null, offered: null }),
        help.coins.answer(null),
      ];
      for (const text of unknown) expect(text, locale).not.toMatch(/null|undefined|NaN|\b[0-9]\b/);
      expect(home.cryptoBody(offered), locale).toContain('Ethereum and Tron');
      expect(about.whatBody({ countries: 5, offered }), locale).toContain('USDT and USDC');
      expect(help.coins.answer(offered), locale).toMatch(/^3 /);
      expect(landing.payBody({ coins: 3 }), locale).toMatch(/^3 /);
    }
    expect(CATALOGS.en.web.home.heroText({ countries: null, coins: null })).toContain('Pay with cryptocurrency,');
  });

  it('put each country after its own preposition', () => {
    const where = (locale: Locale, code: string, en: string) => CATALOGS[locale].common.inCountry({ code, name: countryNameIn(locale, code, en) });
    expect(where('fr', 'CM', 'Cameroon')).toBe('au Cameroun');
    expect(where('fr', 'FR', 'France')).toBe('en France');
    expect(where('fr', 'US', 'United States')).toBe('aux États-Unis');
    expect(where('fr', 'CU', 'Cuba')).toBe('à Cuba');
    expect(where('pt', 'BR', 'Brazil')).toBe('no Brasil');
    expect(where('pt', 'NG', 'Nigeria')).toBe('na Nigéria');
    expect(where('pt', 'CM', 'Cameroon')).toBe('nos Camarões');
    expect(where('es', 'MX', 'Mexico')).toBe('en México');
    expect(where('en', 'PH', 'Philippines')).toBe('in the Philippines');
    expect(where('en', 'CM', 'Cameroon')).toBe('in Cameroon');
  });

  it('say API errors in the language, never an English sentence inside a translated one', () => {
    const fr = CATALOGS.fr.common;
    expect(apiErrorText(fr, { code: 'INVALID_PHONE', message: 'This is not a mobile phone number' })).toBe("Ce n'est pas un numéro de mobile");
    expect(apiErrorText(fr, 'Invalid phone number format')).toBe('Format de numéro de téléphone invalide');
    expect(apiErrorText(fr, { code: 'AMOUNT_OUT_OF_RANGE', message: 'MTN Cameroon accepts amounts between $1.00 and $50.00.' })).toBe(
      fr.errors.AMOUNT_OUT_OF_RANGE,
    );
    expect(apiErrorText(fr, { code: 'SOMETHING_NEW', message: 'x' })).toBe(fr.errors.INTERNAL);
    expect(apiErrorText(CATALOGS.en.common, { code: 'AMOUNT_OUT_OF_RANGE', message: 'MTN Cameroon accepts amounts between $1.00 and $50.00.' }, true)).toBe(
      'MTN Cameroon accepts amounts between $1.00 and $50.00.',
    );
  });

  it('load one language’s web messages on demand', async () => {
    const fr = await loadWebCatalog('fr');
    expect(fr.web).toBe(CATALOGS.fr.web);
    expect(fr.common).toBe(CATALOGS.fr.common);
  });
});
