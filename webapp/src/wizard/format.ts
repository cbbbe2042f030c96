import type { TAmountOption } from '@topup/shared';
import type { I18n } from '../i18n/I18n';
import { dollarsToCents } from '../shared';

/** USD amounts arrive as numbers of dollars; money is shown from integer cents. */
export const centsOf = dollarsToCents;

/** What the recipient gets in their currency ("2,500 XAF"), when the option says. */
export const localOf = (t: Pick<I18n, 'local'>, option: Pick<TAmountOption, 'localAmount' | 'currencyCode'>): string | null =>
  option.localAmount !== null && option.currencyCode ? t.local(option.localAmount, option.currencyCode) : null;

/** Local money first, the dollars beside it ("2,500 XAF · $5.00"); the dollars alone when the local amount is not known. */
export function localFirst(t: Pick<I18n, 'local' | 'common'>, option: Pick<TAmountOption, 'localAmount' | 'currencyCode'>, usd: string): string {
  const local = localOf(t, option);
  return local ? t.common.amountChoice({ local, usd }) : usd;
}

/** The dial code with its '+'. */
export const dialPrefix = (dialCode: string): string => (dialCode.startsWith('+') ? dialCode : `+${dialCode}`);

/** The number as the customer reads it: the dial code, a space, the local number (an international one as typed). */
export function shownNumber(dialCode: string, phone: string): string {
  const typed = phone.trim();
  return typed.startsWith('+') ? typed : `${dialPrefix(dialCode)} ${typed}`;
}
