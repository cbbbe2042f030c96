import { describe, expect, it } from 'vitest';
import type { TAmountOption, TCountry, TOperator } from '@topup/shared';
import { completeOrder } from './checkout';
import { canAdvance, initialWizardState, wizardReducer, type WizardAction, type WizardState } from './state';

const cameroon = { id: 120, name: 'Cameroon', code: 'CM', dialCode: '+237', flag: '', currencyCode: 'XAF' } as TCountry;
const nigeria = { ...cameroon, id: 566, name: 'Nigeria', code: 'NG', dialCode: '+234' } as TCountry;
const mtn = { id: 53, operatorId: 53, name: 'MTN Cameroon' } as TOperator;
const orange = { id: 54, operatorId: 54, name: 'Orange Cameroon' } as TOperator;
const ten = { id: '53-1000', amount: 10, localAmount: 6000, currencyCode: 'XAF' } as TAmountOption;

const run = (...actions: WizardAction[]) => actions.reduce(wizardReducer, initialWizardState);
const filled = (): WizardState =>
  run(
    { type: 'selectCountry', country: cameroon },
    { type: 'selectOperator', operator: mtn },
    { type: 'selectAmount', amount: ten },
    { type: 'setPhone', phone: '671234567' },
  );

describe('wizard state', () => {
  it('advances on each choice and is ready to pay once all four are made', () => {
    const s = filled();
    expect(s).toMatchObject({ step: 4, country: cameroon, operator: mtn, amount: ten, phone: '671234567' });
    expect(completeOrder(s)).toMatchObject({ kind: 'recharge', number: '+237671234567' });
    expect(completeOrder({ ...s, phone: '  ' })).toBeNull();
  });

  it('number first: a detected number sets country, operator (its service type) and number, and opens the amount step', () => {
    const data = { ...mtn, serviceType: 'airtime' } as TOperator;
    const s = wizardReducer(
      { ...filled(), country: nigeria, serviceType: 'data' },
      { type: 'detected', country: cameroon, operator: data, phone: '677123456' },
    );
    expect(s).toMatchObject({ step: 3, country: cameroon, operator: data, serviceType: 'airtime', amount: null, phone: '677123456' });
    expect(completeOrder(wizardReducer(s, { type: 'selectAmount', amount: ten }))).not.toBeNull();
  });

  it('needs a country to leave step 1, an operator to leave 2, an amount to leave 3', () => {
    expect(canAdvance(initialWizardState)).toBe(false);
    expect(wizardReducer(initialWizardState, { type: 'next' }).step).toBe(1);
    const two = run({ type: 'selectCountry', country: cameroon });
    expect(two.step).toBe(2);
    expect(canAdvance(two)).toBe(false);
    const back = wizardReducer(two, { type: 'back' });
    expect(back).toMatchObject({ step: 1, country: cameroon });
    expect(wizardReducer(back, { type: 'next' }).step).toBe(2);
  });

  it("goes back past the wizard's steps a surface shows together (/recharge's details: the wizard's 3 and 4)", () => {
    expect(wizardReducer(filled(), { type: 'back', shown: 3 }).step).toBe(2);
    expect(wizardReducer({ ...filled(), step: 3 }, { type: 'back', shown: 3 }).step).toBe(2);
    expect(wizardReducer(filled(), { type: 'back', shown: 4 }).step).toBe(3);
  });

  it('keeps the step between 1 and 4', () => {
    expect(wizardReducer(initialWizardState, { type: 'back' }).step).toBe(1);
    expect(wizardReducer(filled(), { type: 'next' }).step).toBe(4);
  });

  it('jumping back to step 3 clears amount and phone', () => {
    expect(wizardReducer(filled(), { type: 'jumpTo', step: 3 })).toMatchObject({ step: 3, country: cameroon, operator: mtn, amount: null, phone: '' });
  });

  it('jumping back to step 2 clears operator, amount and phone', () => {
    expect(wizardReducer(filled(), { type: 'jumpTo', step: 2 })).toMatchObject({ step: 2, country: cameroon, operator: null, amount: null, phone: '' });
  });

  it('jumping back to step 1 clears country, operator, amount and phone', () => {
    expect(wizardReducer(filled(), { type: 'jumpTo', step: 1 })).toEqual(initialWizardState);
  });

  it('only completed steps can be jumped to', () => {
    const two = run({ type: 'selectCountry', country: cameroon });
    expect(wizardReducer(two, { type: 'jumpTo', step: 3 })).toBe(two);
    expect(wizardReducer(two, { type: 'jumpTo', step: 2 })).toBe(two);
  });

  it('another country clears operator and amount; the same country keeps them', () => {
    const s = filled();
    const back = wizardReducer(wizardReducer(wizardReducer(s, { type: 'back' }), { type: 'back' }), { type: 'back' });
    expect(wizardReducer(back, { type: 'selectCountry', country: cameroon })).toMatchObject({ step: 2, operator: mtn, amount: ten });
    expect(wizardReducer(back, { type: 'selectCountry', country: nigeria })).toMatchObject({ step: 2, country: nigeria, operator: null, amount: null });
  });

  it('another operator clears the amount', () => {
    const s = wizardReducer(wizardReducer(filled(), { type: 'back' }), { type: 'back' });
    expect(wizardReducer(s, { type: 'selectOperator', operator: orange })).toMatchObject({ step: 3, operator: orange, amount: null });
    expect(wizardReducer(s, { type: 'selectOperator', operator: mtn })).toMatchObject({ step: 3, operator: mtn, amount: ten });
  });

  it('a new service type clears operator and amount', () => {
    expect(wizardReducer(filled(), { type: 'selectServiceType', serviceType: 'data' })).toMatchObject({
      serviceType: 'data',
      operator: null,
      amount: null,
      step: 2,
    });
  });

  it('an amount being typed that is no valid one clears the amount, and only that', () => {
    const s = filled();
    expect(wizardReducer(s, { type: 'clearAmount' })).toEqual({ ...s, amount: null });
    const none = wizardReducer(s, { type: 'clearAmount' });
    expect(wizardReducer(none, { type: 'clearAmount' })).toBe(none);
  });

  it('reset starts over', () => {
    expect(wizardReducer(filled(), { type: 'reset' })).toEqual(initialWizardState);
  });
});
