import { describe, expect, it } from 'vitest';
import type { TAmountOption, TCountry, TOperator } from '@topup/shared';
import { completeOrder } from './checkout';
import { canAdvance, clearFrom, initialWizardState, wizardAnswers, wizardReducer, type WizardAction, type WizardMove, type WizardState } from './state';

const cameroon = { id: 120, name: 'Cameroon', code: 'CM', dialCode: '+237', flag: '', currencyCode: 'XAF' } as TCountry;
const nigeria = { ...cameroon, id: 566, name: 'Nigeria', code: 'NG', dialCode: '+234' } as TCountry;
const mtn = { id: 53, operatorId: 53, name: 'MTN Cameroon' } as TOperator;
const orange = { id: 54, operatorId: 54, name: 'Orange Cameroon' } as TOperator;
const ten = { id: '53-1000', amount: 10, localAmount: 6000, currencyCode: 'XAF' } as TAmountOption;

const start: WizardMove = { wizard: initialWizardState, step: 1 };
const run = (from: WizardMove, ...actions: WizardAction[]) => actions.reduce((m, a) => wizardReducer(m.wizard, m.step, a), from);
const filled = (): WizardMove =>
  run(
    start,
    { type: 'selectCountry', country: cameroon },
    { type: 'selectOperator', operator: mtn },
    { type: 'selectAmount', amount: ten },
    { type: 'setPhone', phone: '671234567' },
  );

describe('wizard state', () => {
  it('advances on each choice and is ready to pay once all four are made', () => {
    const { wizard, step } = filled();
    expect(step).toBe(4);
    expect(wizard).toEqual({ country: cameroon, serviceType: 'airtime', operator: mtn, amount: ten, phone: '671234567' });
    expect(completeOrder(wizard)).toMatchObject({ kind: 'recharge', number: '+237671234567' });
    expect(completeOrder({ ...wizard, phone: '  ' })).toBeNull();
  });

  it('number first: a detected number sets country, operator (its service type) and number, and opens the amount step', () => {
    const data = { ...mtn, serviceType: 'airtime' } as TOperator;
    const moved = wizardReducer({ ...filled().wizard, country: nigeria, serviceType: 'data' }, 1, {
      type: 'detected',
      country: cameroon,
      operator: data,
      phone: '677123456',
    });
    expect(moved).toEqual({ wizard: { country: cameroon, operator: data, serviceType: 'airtime', amount: null, phone: '677123456' }, step: 3 });
    expect(completeOrder(wizardReducer(moved.wizard, 3, { type: 'selectAmount', amount: ten }).wizard)).not.toBeNull();
  });

  it('needs a country to leave step 1, an operator to leave 2, an amount to leave 3, and has no step past 4', () => {
    expect(canAdvance(initialWizardState, 1)).toBe(false);
    expect(run(start, { type: 'next' }).step).toBe(1);
    const two = run(start, { type: 'selectCountry', country: cameroon });
    expect(two.step).toBe(2);
    expect(canAdvance(two.wizard, 2)).toBe(false);
    expect(run({ ...two, step: 1 }, { type: 'next' }).step).toBe(2);
    expect(run(filled(), { type: 'next' }).step).toBe(4);
  });

  it('jumping back clears the choices from that step on: 3 amount and phone, 2 the operator too, 1 everything', () => {
    const { wizard } = filled();
    expect(clearFrom(wizard, 3)).toEqual({ ...wizard, amount: null, phone: '' });
    expect(clearFrom(wizard, 2)).toEqual({ ...wizard, operator: null, amount: null, phone: '' });
    expect(clearFrom(wizard, 1)).toEqual(initialWizardState);
  });

  it('another country clears operator and amount; the same country keeps them', () => {
    const { wizard } = filled();
    expect(wizardReducer(wizard, 1, { type: 'selectCountry', country: cameroon })).toEqual({ wizard, step: 2 });
    expect(wizardReducer(wizard, 1, { type: 'selectCountry', country: nigeria })).toEqual({
      wizard: { ...wizard, country: nigeria, operator: null, amount: null },
      step: 2,
    });
  });

  it('another operator clears the amount', () => {
    const { wizard } = filled();
    expect(wizardReducer(wizard, 2, { type: 'selectOperator', operator: orange })).toEqual({ wizard: { ...wizard, operator: orange, amount: null }, step: 3 });
    expect(wizardReducer(wizard, 2, { type: 'selectOperator', operator: mtn })).toEqual({ wizard, step: 3 });
  });

  it('a new service type clears operator and amount, and goes back to the operator step from a later one', () => {
    expect(run(filled(), { type: 'selectServiceType', serviceType: 'data' })).toMatchObject({
      wizard: { serviceType: 'data', operator: null, amount: null },
      step: 2,
    });
    expect(wizardReducer(initialWizardState, 1, { type: 'selectServiceType', serviceType: 'data' }).step).toBe(1);
  });

  it('an amount being typed that is no valid one clears the amount, and only that', () => {
    const { wizard } = filled();
    const none = wizardReducer(wizard, 3, { type: 'clearAmount' });
    expect(none).toEqual({ wizard: { ...wizard, amount: null }, step: 3 });
    expect(wizardReducer(none.wizard, 3, { type: 'clearAmount' }).wizard).toBe(none.wizard);
  });

  it("reads back a saved wizard's answers, without the step earlier builds saved with them", () => {
    const saved = { ...filled().wizard, step: 4 } as WizardState;
    expect(wizardAnswers(saved)).toEqual(filled().wizard);
    expect(wizardAnswers({ phone: '6' })).toEqual({ ...initialWizardState, phone: '6' });
  });
});
