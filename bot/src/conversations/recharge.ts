import type { Context } from 'grammy';
import { formatUsdIn } from '@topup/shared';
import { toChoice } from '../countries';
import { askAmount } from './ask-amount';
import { askCoin, askNetwork } from './ask-payment';
import { askCountry, askOperator, askPhone } from './ask-recipient';
import { edit, pay, payFromBalance, review } from './checkout';
import { assetChoices, findOperator, type Draft, type StepOutcome } from './draft';
import { ConversationIo, type Conv } from './io';

/**
 * The recharge, as one conversation (conversations v2): country, operator, amount, phone, coin then
 * its network (shared/src/payment-choice.ts), review, then the payment message. The steps are asked in
 * ask-recipient.ts, ask-amount.ts and ask-payment.ts, the review and payment in checkout.ts. Its state
 * lives in the API (see bot.ts) under a version: bump RECHARGE_STATE_VERSION whenever a change to these
 * files would make a stored replay log invalid, so that conversations in flight restart cleanly instead
 * of replaying the wrong steps.
 */
export const RECHARGE_CONVERSATION = 'recharge';
export const RECHARGE_STATE_VERSION = 6;

/**
 * A recharge started from an earlier one ("🔁 Top up again", a recent recipient on /start, a friend's
 * "top me up" card): what it knows is filled in, so the review (or the first step it lacks) comes at once.
 * Without a country, the number's country and operator are detected.
 */
export interface RechargePrefill {
  phone: string;
  countryCode: string | null;
  operatorId: number | null;
  amountCents: number | null;
  coin: string | null;
}

export async function recharge(conversation: Conv, ctx: Context, prefill?: RechargePrefill): Promise<void> {
  const io = new ConversationIo(conversation, ctx.chat!.id);
  const draft: Draft = {};
  if (prefill) await fill(io, draft, prefill);
  for (;;) {
    let outcome: StepOutcome = 'done';
    if (!draft.country) outcome = await askCountry(io, draft);
    else if (!draft.operator) outcome = await askOperator(io, draft);
    else if (!draft.amount) outcome = await askAmount(io, draft);
    else if (!draft.phone) outcome = await askPhone(io, draft);
    else if (!draft.asset) outcome = await askCoin(io, draft);
    else if (!draft.coin) outcome = await askNetwork(io, draft);
    else {
      const { action, reviewId } = await review(io, draft);
      if (action === 'cancel') {
        const { t } = await io.texts();
        await io.send(t.bot.cancelled);
        return;
      }
      if (action === 'edit') {
        await edit(io, draft);
        continue;
      }
      if (action === 'balance' ? await payFromBalance(io, draft, reviewId) : await pay(io, draft, reviewId)) return;
    }
    if (outcome === 'abort') return;
  }
}

async function fill(io: ConversationIo, draft: Draft, p: RechargePrefill): Promise<void> {
  const { locale } = await io.texts();
  const known = await io.call(async (o) => {
    const api = o.services.api;
    let countryCode = p.countryCode;
    let phone = p.phone;
    let operatorId = p.operatorId;
    if (!countryCode) {
      const detected = await o.userApi().detectPhone(p.phone);
      if (!detected.valid || !detected.country || !detected.phoneNumber) return null;
      countryCode = detected.country.code;
      phone = detected.phoneNumber;
      operatorId = detected.detectedOperatorId;
    }
    const country = (await api.countries()).find((c) => c.code === countryCode);
    if (!country) return null;
    const operator = await findOperator(api, country.code, operatorId);
    const coin = p.coin
      ? (assetChoices(await api.paymentOptions())
          .flatMap((a) => a.networks.map((n) => ({ asset: a.asset, n })))
          .find(({ n }) => n.symbol === p.coin) ?? null)
      : null;
    return {
      country: toChoice(country),
      phone,
      operator,
      coin,
    };
  });
  if (!known.ok || !known.value) return;
  const { country, phone, operator, coin } = known.value;
  draft.country = country;
  draft.phone = phone;
  if (!operator) return;
  draft.operator = operator;
  // The amount as before, if the operator still sells it (the review's quote is the server's).
  if (p.amountCents !== null && p.amountCents >= operator.minCents && p.amountCents <= operator.maxCents)
    draft.amount = { cents: p.amountCents, label: formatUsdIn(locale, p.amountCents) };
  if (coin) {
    draft.asset = coin.asset;
    draft.coin = coin.n;
  }
}
