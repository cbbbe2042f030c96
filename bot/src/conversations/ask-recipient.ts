import { InlineKeyboard } from 'grammy';
import { apiErrorText, countryNameIn, phoneErrorKey, type Catalog } from '@topup/shared';
import { countryLabel, internationalNumber, matchCountry, normalize, popularCountries, toChoice, type CountryChoice } from '../countries';
import { countryKeyboard, operatorKeyboard, shareContactKeyboard, withBack } from '../keyboards';
import { findOperator, operatorChoice, type Draft, type OperatorChoice, type StepOutcome } from './draft';
import type { ConversationIo } from './io';
import { goBack, isBack } from './step-back';

/** The recharge's first steps: who gets it (the country, or a number that tells it), the operator and the phone number. */

export async function askCountry(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const popular = await io.call(async (o) => popularCountries(await o.services.api.countries()).map((c) => ({ code: c.code, label: countryLabel(locale, c) })));
  if (!popular.ok) {
    await io.send(popular.error.status === 0 ? t.bot.serviceUnavailable : t.bot.errorLoadingCountries);
    return 'abort';
  }
  const prompts = [await io.send(t.bot.stepCountry, countryKeyboard(popular.value))];
  const answer = await io.answerTo('country', prompts, t);
  if (answer.kind === 'button') {
    const found = await io.call(async (o) => {
      const c = (await o.services.api.countries()).find((x) => x.code === answer.value);
      return c ? toChoice(c) : null;
    });
    if (found.ok && found.value) {
      draft.country = found.value;
      return 'done';
    }
    return io.reject();
  }
  const number = internationalNumber(answer.text);
  if (number) {
    type Detected = { error: string } | { country: CountryChoice; phone: string; operator: OperatorChoice | null };
    const detected = await io.call(async (o): Promise<Detected> => {
      const r = await o.userApi().detectPhone(number);
      if (!r.valid || !r.country || !r.phoneNumber) return { error: r.error ?? t.bot.countryNotFound };
      const operator = await findOperator(o.services.api, r.country.code, r.detectedOperatorId);
      return { country: toChoice(r.country), phone: r.phoneNumber, operator };
    });
    if (!detected.ok) {
      await io.send(
        t.bot.numberNotRecognised({ error: detected.error.status === 0 ? t.bot.serviceUnavailable : apiErrorText(t.common, detected.error, locale === 'en') }),
      );
      return io.reject();
    }
    if ('error' in detected.value) {
      await io.send(t.bot.numberNotRecognised({ error: localPhoneError(t, detected.value.error) }));
      return io.reject();
    }
    const { country, phone, operator } = detected.value;
    draft.country = country;
    draft.phone = phone;
    if (operator) draft.operator = operator;
    await io.send(t.bot.detected({ country: countryLabel(locale, country), operator: operator?.name ?? null }));
    return 'done';
  }
  const match = await io.call(async (o) => matchCountry(answer.text, await o.services.api.countries(), locale));
  if (!match.ok) {
    await io.send(t.bot.errorLoadingCountries);
    return io.reject();
  }
  const m = match.value;
  if (m.kind === 'one') {
    draft.country = m.country;
    return 'done';
  }
  // Candidates or the popular countries again: their buttons count (they are newer than the step's
  // first prompt), and the typed name is forgotten.
  if (m.kind === 'many') await io.send(t.bot.countryCandidates, countryKeyboard(m.countries.map((c) => ({ code: c.code, label: countryLabel(locale, c) }))));
  else await io.send(t.bot.countryNotFound, countryKeyboard(popular.value));
  return io.reject();
}

export async function askOperator(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const country = draft.country!;
  const list = await io.call(async (o) => (await o.services.api.operators(country.code)).map(operatorChoice));
  if (!list.ok) {
    await io.send(list.error.status === 0 ? t.bot.serviceUnavailable : t.bot.errorLoadingOperators);
    return 'abort';
  }
  if (list.value.length === 0) {
    await io.send(t.bot.noOperators);
    draft.country = undefined;
    draft.phone = undefined;
    return 'done';
  }
  const keyboard = () => withBack(operatorKeyboard(list.value), t, 'operator');
  const prompts = [await io.send(t.bot.stepOperator({ code: country.code, name: countryNameIn(locale, country.code, country.name) }), keyboard())];
  const answer = await io.answerTo('operator', prompts, t);
  if (isBack(answer)) return goBack(draft, 'operator');
  const chosen =
    answer.kind === 'button'
      ? list.value.find((op) => String(op.operatorId) === answer.value)
      : (list.value.find((op) => normalize(op.name) === normalize(answer.text)) ?? singleMatch(list.value, answer.text));
  if (chosen) {
    draft.operator = chosen;
    return 'done';
  }
  await io.send(t.bot.useButtons, keyboard());
  return io.reject();
}

function singleMatch(ops: OperatorChoice[], text: string): OperatorChoice | undefined {
  const q = normalize(text);
  if (q.length < 2) return undefined;
  const hits = ops.filter(
    (op) =>
      normalize(op.name)
        .split(' ')
        .some((w) => w.startsWith(q)) || normalize(op.name).startsWith(q),
  );
  return hits.length === 1 ? hits[0] : undefined;
}

/** The API's phone messages in the user's language when we know them, else as the API says them. */
function localPhoneError(t: Catalog, error: string): string {
  const key = phoneErrorKey(error);
  return key ? t.common.phoneErrors[key] : error;
}

export async function askPhone(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const country = draft.country!;
  const prompts = [
    await io.send(
      t.bot.stepPhone({ code: country.code, name: countryNameIn(locale, country.code, country.name), dialCode: country.dialCode }),
      withBack(new InlineKeyboard(), t, 'phone'),
    ),
    await io.send(t.bot.shareContactHint, shareContactKeyboard(t)),
  ];
  const answer = await io.answerTo('phone', prompts, t);
  if (isBack(answer)) {
    await io.send(t.bot.btnBack, { remove_keyboard: true });
    return goBack(draft, 'phone');
  }
  if (answer.kind === 'button') return io.reject();
  const checked = await io.call((o) => o.userApi().validatePhone(answer.text, country.code));
  if (!checked.ok) {
    await io.send(
      t.bot.phoneInvalid({ error: checked.error.status === 0 ? t.bot.serviceUnavailable : apiErrorText(t.common, checked.error, locale === 'en') }),
    );
    return io.reject();
  }
  if (!checked.value.valid || !checked.value.phoneNumber) {
    await io.send(t.bot.phoneInvalid({ error: localPhoneError(t, checked.value.error ?? 'Invalid phone number format') }));
    return io.reject();
  }
  draft.phone = checked.value.phoneNumber;
  // Says which number was taken (a shared contact shows none in the chat) and takes the contact button away.
  await io.send(t.bot.phoneChosen({ phone: checked.value.phoneNumber }), { remove_keyboard: true });
  return 'done';
}
