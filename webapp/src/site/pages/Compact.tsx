import './pages.css';
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { amountsQuery, countriesQuery, operatorsQuery, paymentOptionsQuery, pricingQuery, promotionsQuery } from '../../api/queries';
import { useToast } from '../../components/Toast';
import { DEFAULT_COUNTRY_CODE, DEFAULT_OPERATOR_ID, type WebMessages } from '../../shared';
import { useI18n } from '../../i18n/I18n';
import { completeOrder, initialWizardState, useCheckout, type Need, type Problem, type StepSpec } from '../../wizard';
import { DetectedConfirm, useNumberDetection, type Detected } from '../../wizard/NumberFirst';
import { usePageMeta } from '../meta';
import { rememberOrder, useUser } from '../session';
import { amountProblem, quickAmounts } from './compact/amount';
import { CompactHead } from './compact/Head';
import { useAmountStep } from './compact/useAmountStep';
import { Maintenance } from '../../wizard/Maintenance';
import { PaymentStep } from './compact/PaymentStep';
import { AmountChoice, CoinChoice, OperatorChoice, Review, WhereStep } from './compact/Steps';
import { networkOf, preselectedCoin } from '../../../../shared/src/payment-choice';
import { Recents, useRepeat } from '../../wizard/Recents';

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
  const pricing = useQuery(pricingQuery()).data;
  const steps: StepSpec[] = [
    { needs: ['country', 'phone'], checkNumber: true },
    { needs: ['operator'] },
    { check: (s) => amount.problem(s.wizard.operator) },
    { needs: ['coin'] },
    {},
    // Step 6 is the payment, from the moment it is being created.
    { paying: true },
  ];
  const checkout = useCheckout({
    steps,
    create: (api, order, payWith, key) => {
      // /app sells recharges, paid on chain, only.
      if (order.kind !== 'recharge' || payWith.method !== 'crypto') throw new Error('/app creates crypto recharges only');
      return api.createCompactPayment(
        { phoneNumber: order.number, operatorId: order.operator.operatorId, amount: order.amount.amount, currency: payWith.coin },
        key,
      );
    },
    keptBy: user.data ? 'account' : 'browser',
    keepOrderToken: rememberOrder,
    onCreateFailed: (_error, cause) => console.error('payment creation failed', cause),
    // A reload (or a new visit) with an unfinished payment: its payment (step 6) over the review (5).
    resumeStep: 5,
  });
  const { wizard, coin } = checkout.state;
  const { country, operator } = wizard;
  const { choose } = checkout;
  const { step } = checkout;

  const countries = useQuery(countriesQuery());
  const operators = useQuery({ ...operatorsQuery(country?.id, 'airtime'), enabled: !!country && step >= 2 });
  const amount = useAmountStep({ operator, pricing, step, choose });
  const promotions = useQuery(promotionsQuery());
  const options = useQuery({ ...paymentOptionsQuery(), enabled: step >= 4 }).data;

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
  const back = () => (step === 6 ? void checkout.leave() : checkout.goTo(Math.max(1, step - 1)));
  const startOver = () => {
    amount.clear();
    checkout.reset({ wizard: { ...initialWizardState, country, operator }, coin });
    void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
  };
  // Repeat in one tap: "Again" chooses the number, operator, amount and the last coin, and opens the
  // review (step 5); the second tap, 'Proceed to Payment', creates the payment.
  const repeatCoin = useRef<string | null>(null);
  const toReview = async () => {
    const problem = await checkout.next();
    if (problem) return say(problem);
    // The repeated recipient's choices, all made (useRepeat goes on only then).
    const order = completeOrder(wizard);
    if (order?.kind !== 'recharge') return;
    const chosen = order.operator;
    const fixedAmounts = chosen.denominationType === 'FIXED' ? await queryClient.fetchQuery(amountsQuery(chosen.id, 'airtime')) : undefined;
    const limits = amount.limits;
    const amountWrong = amountProblem(t, { quick: order.amount.amount, text: '' }, limits, chosen, quickAmounts(chosen, fixedAmounts, limits));
    if (amountWrong) {
      checkout.goTo(3);
      return say(amountWrong);
    }
    const offered = await queryClient.fetchQuery(paymentOptionsQuery());
    const lastCoin = networkOf(offered, repeatCoin.current)?.symbol ?? preselectedCoin(offered);
    if (lastCoin) checkout.setCoin(lastCoin);
    checkout.goTo(lastCoin ? 5 : 4);
  };
  const repeat = useRepeat({ countries: countries.data, wizard, choose: checkout.choose, proceed: () => void toReview() });
  const problem = checkout.state.problem;
  const answers = completeOrder(wizard);
  // Number first: a number typed or pasted with its country code ('+' or '00') is looked up.
  const international = /^\s*(\+|00)/.test(wizard.phone);
  const detection = useNumberDetection(international ? wizard.phone : '', (found) => detected(found));
  /** Number first: the API named the country and the operator, so the amount is next (step 3). */
  const detected = (found: Detected) => {
    amount.clear();
    checkout.choose({ type: 'detected', ...found });
    checkout.goTo(3);
  };

  return (
    <div className="compact">
      <div className="compact-card wz">
        <CompactHead step={step} title={compactTitles(c)[step - 1]!} onBack={back} />
        {step < 6 && <Maintenance pricing={pricing} />}

        {step === 1 && (
          <Recents
            source={user.data ? 'account' : 'browser'}
            onRepeat={(r) => {
              amount.repeat(r.lastAmountCents);
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
              if (chosen.operatorId !== operator?.operatorId) amount.clear();
              checkout.choose({ type: 'selectOperator', operator: chosen });
            }}
          />
        )}
        {step === 3 && (
          <AmountChoice
            quick={amount.quick}
            options={amount.options}
            entry={amount.entry}
            onEntry={amount.enter}
            fee={pricing?.serviceFee}
            custom={amount.fixed ? null : amount.limits}
            local={amount.localLimits}
            loading={amount.loading}
            chosen={wizard.amount}
            quote={checkout.quote}
          />
        )}
        {step === 4 && <CoinChoice coin={coin} onChange={checkout.setCoin} onPreselect={checkout.preselectCoin} />}
        {step === 5 && answers?.kind === 'recharge' && coin && (
          <Review
            country={answers.country}
            phone={answers.phone}
            operator={answers.operator}
            amount={answers.amount}
            quote={checkout.quote}
            coinName={(options && networkOf(options, coin)?.name) ?? coin}
          />
        )}

        {step === 6 && <PaymentStep checkout={checkout} onNewPurchase={startOver} />}

        {step < 6 && (
          <button
            type="button"
            className="wz-button compact-next"
            disabled={checkout.state.checking || (step === 3 && amount.quoting)}
            onClick={() => void next()}
          >
            {step === 5 ? c.proceedToPayment : checkout.state.checking ? t.web.checkingNumber : c.continue}
          </button>
        )}
      </div>
    </div>
  );
}
