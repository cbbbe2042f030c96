import { asksNetwork, countText, feeText, escapeHtml as h } from '@topup/shared';
import { normalize } from '../countries';
import { coinKeyboard, networkKeyboard, withBack } from '../keyboards';
import { assetChoices, type Draft, type StepOutcome } from './draft';
import type { ConversationIo } from './io';
import { goBack, isBack } from './step-back';

/** How the recharge (or balance top-up) is paid: the coin, then the network it is sent on (shared/src/payment-choice.ts). */

export async function askCoin(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { t } = await io.texts();
  // The coins the server takes now: a network switched off there is not offered here.
  const offered = await io.call(async (o) => assetChoices(await o.services.api.paymentOptions()));
  if (!offered.ok) {
    await io.send(t.bot.serviceUnavailable);
    return 'abort';
  }
  const assets = offered.value;
  const prompts = [await io.send(draft.balanceTopup ? t.bot.topupStepCoin : t.bot.stepCoin, withBack(coinKeyboard(assets), t, 'coin'))];
  const answer = await io.answerTo('coin', prompts, t);
  if (isBack(answer)) return goBack(draft, 'coin');
  const value = answer.kind === 'button' ? answer.value : answer.text.trim().toUpperCase().replace(/\s+/g, '-');
  // A coin (USDT), or a coin on its network typed as its symbol (USDT-POLYGON): that network, no question.
  const asset = assets.find((a) => a.asset === value);
  const typedCoin = asset ? undefined : assets.flatMap((a) => a.networks.map((n) => ({ a, n }))).find(({ n }) => n.symbol === value);
  const chosen = asset ?? typedCoin?.a;
  if (!chosen) {
    await io.send(t.bot.useButtons, withBack(coinKeyboard(assets), t, 'coin'));
    return io.reject();
  }
  draft.asset = chosen.asset;
  // A coin offered on one network asks nothing more.
  draft.coin = typedCoin?.n ?? (asksNetwork(chosen) ? undefined : chosen.networks[0]);
  return 'done';
}

export async function askNetwork(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { t } = await io.texts();
  const words = t.bot.choiceWords;
  const offered = await io.call(async (o) => assetChoices(await o.services.api.paymentOptions()).find((a) => a.asset === draft.asset) ?? null);
  if (!offered.ok) {
    await io.send(t.bot.serviceUnavailable);
    return 'abort';
  }
  if (!offered.value) {
    // No longer offered (its networks were switched off meanwhile): the coin is asked again.
    draft.asset = undefined;
    return 'done';
  }
  const { name, networks } = offered.value;
  const lines = networks.map(
    (n) => `• <b>${h(n.networkLabel)}</b> · ${h(n.name)}\n   ${h(feeText(n.typicalFee, words))} · ${h(countText(n.timeToCountSeconds, words))}`,
  );
  const keyboard = () =>
    withBack(networkKeyboard(networks.map((n) => ({ symbol: n.symbol, label: `${n.networkLabel} · ${feeText(n.typicalFee, words)}` }))), t, 'network');
  const prompts = [await io.send([t.bot.stepNetwork({ asset: name }), ...lines].join('\n'), keyboard())];
  const answer = await io.answerTo('network', prompts, t);
  if (isBack(answer)) return goBack(draft, 'network');
  const chosen =
    answer.kind === 'button'
      ? networks.find((n) => n.symbol === answer.value)
      : networks.find((n) => normalize(n.networkLabel) === normalize(answer.text) || n.symbol === answer.text.trim().toUpperCase());
  if (chosen) {
    draft.coin = chosen;
    return 'done';
  }
  await io.send(t.bot.useButtons, keyboard());
  return io.reject();
}
