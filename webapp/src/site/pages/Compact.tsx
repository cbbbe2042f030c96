import './pages.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { amountsQuery, countriesQuery, operatorsQuery, paymentOptionsQuery, pricingQuery, promotionsQuery, quoteQuery } from '../../api/queries';
import { useToast } from '../../components/Toast';
import { DEFAULT_COUNTRY_CODE, DEFAULT_OPERATOR_ID, type WebMessages } from '../../shared';
import { useI18n } from '../../i18n/I18n';
import { initialWizardState, quoteFor, useCheckout, type Need, type Problem, type StepSpec } from '../../wizard';
import { DetectedConfirm, useNumberDetection, type Detected } from '../../wizard/NumberFirst';
import { usePageMeta } from '../meta';
import { rememberOrder, useUser } from '../session';
import {
  amountOption,
  amountProblem,
  compactLimits,
  NO_AMOUNT,
  quickAmounts,
  typedLocal,
  validAmount,
  type AmountEntry,
  type LocalEntry,
} from './compact/amount';
import { localAmountQuery, localLimitsOf, localValue } from '../../wizard/LocalAmount';
import { Maintenance } from '../../wizard/Maintenance';
import { PaymentStep } from './compact/PaymentStep';
import { AmountChoice, CoinChoice, OperatorChoice, Review, WhereStep } from './compact/Steps';
import { networkOf, preselectedCoin } from '../../../../shared/src/payment-choice';
import { rememberInBrowser } from '../../api/recipients';
import { Recents, recipientOf, useRepeat } from '../../wizard/Recents';

/**
 * /app: the spec's compact six-step wizard (header, footer and support widget hidden). Country and
 * phone, operator, amount (quick amounts or a custom one), coin, review; the sixth step is the payment
 * screen, shown from the moment the payment is being created.
 */
const compactTitles = ({ titles }: WebMessages['compact']) => [titles.where, titles.operator, titles.amount, titles.coin, titles.review, titles.payment];

/** Spec section 5: what each step asks for, in its words ('Missing Information'). */
const missing = (c: WebMessages['compact']): Partial<Record<Need, string>> => ({
  country: c.missingWhere,
  phone: c.missingWhere,
  operator: c.missingOperator,
  amount: c.missingAmount,
  coin: c.missingCoin,
});

export default function Compact() {
  const t = useI18n();
  const c = t.web.compact;
  usePageMeta(t.web.compact.pageTitle, t.web.compact.pageDescription);
  const toast = useToast();
  const queryClient = useQueryClient();
  const user = useUser();
  const [entry, setEntry] = useState<AmountEntry>(NO_AMOUNT);
  const pricing = useQuery(pricingQuery()).data;
  const limits = useMemo(() => compactLimits(pricing), [pricing]);
  const steps: StepSpec[] = [
    { needs: ['country', 'phone'], checkNumber: true },
    { needs: ['operator'] },
    { check: (s) => amountProblem(t, entry, limits, s.wizard.operator, quick, local) },
    { needs: ['coin'] },
    {},
  ];
  const checkout = useCheckout({
    steps,
    create: (api, { wizard, coin }, key) =>
      api.createCompactPayment({ phoneNumber: checkout.number, operatorId: wizard.operator!.operatorId, amount: wizard.amount!.amount, currency: coin! }, key),
    onCreated: (order) => {
      rememberOrder(order.orderToken, !!user.data);
      // Repeat in one tap: an anonymous visitor's recipients are kept by the browser, a customer's by the account.
      const recipient = !user.data && recipientOf(checkout.state.wizard, checkout.number, checkout.state.coin);
      if (recipient) rememberInBrowser(recipient);
      void queryClient.invalidateQueries({ queryKey: ['/api/recipients'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
    },
    onCreateFailed: (_error, cause) => console.error('payment creation failed', cause),
    // A reload (or a new visit) with an unfinished payment: step 6 again.
    resumeStep: 4,
  });
  const { wizard, payment, createError, coin } = checkout.state;
  const { country, operator } = wizard;
  const { choose } = checkout;
  // Step 6 is the payment, from the moment it is being created.
  const step = payment || checkout.state.creating || createError ? 6 : checkout.state.step + 1;

  const countries = useQuery(countriesQuery());
  const operators = useQuery({ ...operatorsQuery(country?.id, 'airtime'), enabled: !!country && step >= 2 });
  const fixed = operator?.denominationType === 'FIXED';
  // A FIXED operator's amounts are its quick amounts; every operator's options carry the local amounts.
  const amounts = useQuery({ ...amountsQuery(operator?.id, 'airtime'), enabled: !!operator });
  const promotions = useQuery(promotionsQuery());
  const options = useQuery({ ...paymentOptionsQuery(), enabled: step >= 4 }).data;
  // The tiles wait for the operator's options, so that they open with the local amounts (no flash of dollars).
  const amountsLoading = !!operator && amounts.isPending;
  const quick = useMemo(() => (amountsLoading ? [] : quickAmounts(operator, amounts.data, limits)), [amountsLoading, operator, amounts.data, limits]);
  // Local money first: a range operator with a rate takes the custom amount in its currency too, quoted
  // as it is typed; the quote's dollars become the amount chosen, what the recipient gets kept.
  const localLimits = fixed ? null : localLimitsOf(operator);
  const typed = localLimits && typedLocal(entry) ? localValue(entry.text, localLimits) : null;
  const localQuote = useQuery(localAmountQuery(typed, operator?.operatorId, localLimits?.code));
  const local: LocalEntry | null = localLimits && { limits: localLimits, option: localQuote.data, refused: localQuote.isError };
  const quotedLocal = localLimits && typedLocal(entry) ? (localQuote.data ?? null) : undefined;
  useEffect(() => {
    if (quotedLocal !== undefined) choose(quotedLocal ? { type: 'selectAmount', amount: quotedLocal } : { type: 'clearAmount' });
  }, [quotedLocal, choose]);

  // Spec: Cameroon preselected when in the list; the spec's default operator (53) when the country has it.
  useEffect(() => {
    const preselected = countries.data?.find((c) => c.code === DEFAULT_COUNTRY_CODE);
    if (!country && preselected) choose({ type: 'selectCountry', country: preselected });
  }, [countries.data, country, choose]);
  useEffect(() => {
    const preselected = operators.data?.find((o) => o.operatorId === DEFAULT_OPERATOR_ID);
    if (!operator && preselected) choose({ type: 'selectOperator', operator: preselected });
  }, [operators.data, operator, choose]);
  // Spec: load failures of the compact flow are logged.
  useEffect(() => {
    if (countries.error) console.error('countries', countries.error);
    if (operators.error) console.error('operators', operators.error);
    if (promotions.error) console.error('promotions', promotions.error);
  }, [countries.error, operators.error, promotions.error]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);
  // The quick amounts' quotes, so that a tile's total shows as soon as it is tapped.
  useEffect(() => {
    if (step === 3) quick.forEach((a) => void queryClient.prefetchQuery(quoteQuery(quoteFor(a, 'recharge'))));
  }, [step, quick, queryClient]);

  const enter = (next: AmountEntry) => {
    setEntry(next);
    // A local amount is chosen by its quote (above).
    if (localLimits && typedLocal(next)) return;
    const amount = validAmount(next, limits);
    checkout.choose(amount === null ? { type: 'clearAmount' } : { type: 'selectAmount', amount: amountOption(amount, amounts.data) });
  };
  const say = (problem: Problem) => {
    // An invalid number is shown under the field.
    if (problem.need === 'phone' && problem.reason === 'invalid') return;
    if (problem.reason === 'invalid') toast({ title: c.invalidAmount, description: problem.message, variant: 'destructive' });
    else toast({ title: c.missingInformation, description: missing(c)[problem.need], variant: 'destructive' });
  };
  const next = async () => {
    if (step === 5) return void checkout.pay();
    const problem = await checkout.next();
    if (problem) say(problem);
  };
  const back = () => (step === 6 ? void checkout.leave() : checkout.goTo(Math.max(0, step - 2)));
  const startOver = () => {
    setEntry(NO_AMOUNT);
    checkout.reset({ wizard: { ...initialWizardState, country, operator }, coin });
    void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
  };
  // Repeat in one tap: "Again" chooses the number, operator, amount and the last coin, and opens the
  // review (step 5); the second tap, 'Proceed to Payment', creates the payment.
  const repeatCoin = useRef<string | null>(null);
  const toReview = async () => {
    const problem = await checkout.next();
    if (problem) return say(problem);
    const amount = wizard.amount!.amount;
    const chosen = wizard.operator!;
    const fixedAmounts = chosen.denominationType === 'FIXED' ? await queryClient.fetchQuery(amountsQuery(chosen.id, 'airtime')) : undefined;
    const amountWrong = amountProblem(t, { quick: amount, text: '' }, limits, chosen, quickAmounts(chosen, fixedAmounts, limits));
    if (amountWrong) {
      checkout.goTo(2);
      return say(amountWrong);
    }
    const offered = await queryClient.fetchQuery(paymentOptionsQuery());
    const lastCoin = networkOf(offered, repeatCoin.current)?.symbol ?? preselectedCoin(offered);
    if (lastCoin) checkout.setCoin(lastCoin);
    checkout.goTo(lastCoin ? 4 : 3);
  };
  const repeat = useRepeat({ countries: countries.data, wizard, choose: checkout.choose, proceed: () => void toReview() });
  const problem = checkout.state.problem;
  // Number first: a number typed or pasted with its country code ('+' or '00') is looked up.
  const international = /^\s*(\+|00)/.test(wizard.phone);
  const detection = useNumberDetection(international ? wizard.phone : '', (found) => detected(found));
  /** Number first: the API named the country and the operator, so the amount is next (step 3). */
  const detected = (found: Detected) => {
    setEntry(NO_AMOUNT);
    checkout.choose({ type: 'detected', ...found });
    checkout.goTo(2);
  };

  return (
    <div className="compact">
      <div className="compact-card wz">
        <header className="compact-head">
          {step > 1 ? (
            <button type="button" className="compact-back" aria-label={c.back} onClick={back}>
              ←
            </button>
          ) : (
            <span className="compact-back-placeholder" aria-hidden="true" />
          )}
          <div>
            <h1>{compactTitles(c)[step - 1]}</h1>
            <p className="compact-step">{t.web.stepOf({ n: step, total: 6 })}</p>
          </div>
        </header>
        <div className="compact-progress" aria-hidden="true">
          <span style={{ width: `${(step / 6) * 100}%` }} />
        </div>
        {step < 6 && <Maintenance pricing={pricing} />}

        {step === 1 && (
          <Recents
            source={user.data ? 'account' : 'browser'}
            onRepeat={(r) => {
              setEntry({ quick: r.lastAmountCents / 100, text: '' });
              repeatCoin.current = r.lastCoin;
              void repeat(r);
            }}
          />
        )}
        {step === 1 && (
          <WhereStep
            countries={countries}
            country={country}
            onCountry={(code) => {
              const chosen = countries.data?.find((c) => c.code === code);
              if (chosen) checkout.choose({ type: 'selectCountry', country: chosen });
            }}
            phone={wizard.phone}
            phoneError={problem?.need === 'phone' && problem.reason === 'invalid' ? (problem.message ?? null) : null}
            onPhone={(phone) => checkout.choose({ type: 'setPhone', phone })}
            onPaste={detection.pasted}
            onSubmit={() => void next()}
            promotions={promotions.data}
            operators={operators.data}
          />
        )}
        {step === 1 && international && detection.found && <DetectedConfirm found={detection.found} onConfirm={() => detected(detection.found!)} />}
        {step === 2 && country && (
          <OperatorChoice
            country={country}
            phone={wizard.phone}
            operators={operators}
            operator={operator}
            onChange={(chosen) => {
              if (chosen.operatorId !== operator?.operatorId) setEntry(NO_AMOUNT);
              checkout.choose({ type: 'selectOperator', operator: chosen });
            }}
          />
        )}
        {step === 3 && (
          <AmountChoice
            quick={quick}
            options={amounts.data}
            entry={entry}
            onEntry={enter}
            fee={pricing?.serviceFee}
            custom={fixed ? null : limits}
            local={localLimits}
            loading={amountsLoading}
            chosen={wizard.amount}
            quote={checkout.quote}
          />
        )}
        {step === 4 && <CoinChoice coin={coin} onChange={checkout.setCoin} onPreselect={checkout.preselectCoin} />}
        {step === 5 && country && operator && coin && wizard.amount && (
          <Review
            country={country}
            phone={wizard.phone}
            operator={operator}
            amount={wizard.amount}
            quote={checkout.quote}
            coinName={(options && networkOf(options, coin)?.name) ?? coin}
          />
        )}

        {step === 6 && <PaymentStep checkout={checkout} onNewPurchase={startOver} />}

        {step < 6 && (
          <button
            type="button"
            className="wz-button compact-next"
            disabled={checkout.state.checking || (step === 3 && localQuote.isFetching)}
            onClick={() => void next()}
          >
            {step === 5 ? c.proceedToPayment : checkout.state.checking ? t.web.checkingNumber : c.continue}
          </button>
        )}
      </div>
    </div>
  );
}
