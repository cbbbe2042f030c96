/**
 * The double's catalog: two countries, four operators (RANGE airtime with limits that are not whole
 * cents, FIXED airtime, a data operator and a bundle operator) and their promotions, in Reloadly's
 * shapes. The catalog holds Reloadly's decimal dollars, as on the wire.
 */

export const COUNTRIES = [
  {
    isoName: 'NG',
    name: 'Nigeria',
    currencyCode: 'NGN',
    currencyName: 'Nigerian Naira',
    currencySymbol: '₦',
    flag: 'https://s3.amazonaws.com/rld-flags/ng.svg',
    callingCodes: ['+234'],
  },
  {
    isoName: 'CM',
    name: 'Cameroon',
    currencyCode: 'XAF',
    currencyName: 'Central African CFA Franc',
    currencySymbol: 'FCFA',
    flag: 'https://s3.amazonaws.com/rld-flags/cm.svg',
    callingCodes: ['+237'],
  },
];

interface FixtureOperator {
  operator: Record<string, unknown> & { operatorId: number; country: { isoName: string } };
  /** E.164 prefixes auto-detect resolves to this operator. */
  prefixes: string[];
}

function operator(fields: Record<string, unknown> & { operatorId: number; country: { isoName: string; name: string } }) {
  return {
    id: fields.operatorId,
    bundle: false,
    data: false,
    pin: false,
    supportsLocalAmounts: false,
    senderCurrencyCode: 'USD',
    senderCurrencySymbol: '$',
    commission: 0,
    internationalDiscount: 0,
    localDiscount: 0,
    mostPopularAmount: null,
    mostPopularLocalAmount: null,
    minAmount: null,
    maxAmount: null,
    localMinAmount: null,
    localMaxAmount: null,
    logoUrls: [`https://s3.amazonaws.com/rld-operator/${fields.operatorId}-size-1.png`],
    fixedAmounts: [],
    fixedAmountsDescriptions: {},
    localFixedAmounts: [],
    localFixedAmountsDescriptions: {},
    suggestedAmounts: [],
    suggestedAmountsMap: {},
    promotions: [],
    ...fields,
  };
}

/** RANGE airtime (with limits that are not whole cents), FIXED airtime, a data operator and a bundle operator. */
export const OPERATORS: FixtureOperator[] = [
  {
    prefixes: ['+234803', '+234806'],
    operator: operator({
      operatorId: 341,
      name: 'MTN Nigeria',
      denominationType: 'RANGE',
      destinationCurrencyCode: 'NGN',
      destinationCurrencySymbol: '₦',
      minAmount: 0.072,
      maxAmount: 71.436,
      country: { isoName: 'NG', name: 'Nigeria' },
      fx: { rate: 1480.5, currencyCode: 'NGN' },
      suggestedAmounts: [1, 5, 10],
      suggestedAmountsMap: { '1': 1480.5, '5': 7402.5, '10': 14805 },
    }),
  },
  {
    prefixes: [],
    operator: operator({
      operatorId: 342,
      name: 'MTN Nigeria Data',
      data: true,
      denominationType: 'FIXED',
      destinationCurrencyCode: 'NGN',
      destinationCurrencySymbol: '₦',
      country: { isoName: 'NG', name: 'Nigeria' },
      fx: { rate: 1480.5, currencyCode: 'NGN' },
      fixedAmounts: [3.0, 1.5],
      fixedAmountsDescriptions: { '1.50': '1GB, 7 days', '3.00': '3GB, 30 days' },
      localFixedAmounts: [4400, 2200],
      localFixedAmountsDescriptions: { '2200.00': '1GB, 7 days', '4400.00': '3GB, 30 days' },
    }),
  },
  {
    prefixes: ['+23769'],
    operator: operator({
      operatorId: 200,
      name: 'Orange Cameroon',
      denominationType: 'FIXED',
      destinationCurrencyCode: 'XAF',
      destinationCurrencySymbol: 'FCFA',
      country: { isoName: 'CM', name: 'Cameroon' },
      fx: { rate: 595.2, currencyCode: 'XAF' },
      fixedAmounts: [1.01, 2.35, 5.0],
      localFixedAmounts: [600, 1400, 3000],
    }),
  },
  {
    prefixes: [],
    operator: operator({
      operatorId: 201,
      name: 'Orange Cameroon Bundles',
      bundle: true,
      denominationType: 'FIXED',
      destinationCurrencyCode: 'XAF',
      destinationCurrencySymbol: 'FCFA',
      country: { isoName: 'CM', name: 'Cameroon' },
      fx: { rate: 1, currencyCode: 'XAF' },
      fixedAmounts: [2.0, 8.0],
      fixedAmountsDescriptions: { '2.00': 'Small Plan - 2GB, 7 Days', '8.00': 'Large Plan - 8GB, 30 Days' },
    }),
  },
];

export const PROMOTIONS = [
  {
    id: 7016,
    promotionId: 7016,
    operatorId: 341,
    title: 'MTN Nigeria From 07 Feb 2025 00:00 To 31 Dec 2025 23:59 (GMT+01:00)',
    title2: 'Bonus 5x',
    description: 'Top up $5 or more and get five times the credit.',
    startDate: '2025-02-07 00:00:00',
    endDate: '2025-12-31 23:59:00',
    denominations: 'USD 5 and up',
    localDenominations: null,
  },
  {
    id: 7094,
    promotionId: 7094,
    operatorId: 200,
    title: 'Orange Cameroon From 15 Apr 2025 00:00 To 31 Dec 2025 23:59 (GMT+01:00)',
    title2: null,
    description: 'Free data on every top-up.',
    startDate: '2025-04-14T23:00',
    endDate: null,
    denominations: 'All',
    localDenominations: null,
  },
  {
    id: 7299,
    promotionId: 7299,
    operatorId: 342,
    title: 'MTN Nigeria Data From 03 Jun 2025',
    title2: 'Double data',
    description: 'Twice the data on 3GB plans.',
    startDate: '2025-06-03T02:01:00Z',
    endDate: '2026-01-01T02:59:00Z',
    denominations: 'USD 3',
    localDenominations: null,
  },
];

/** The operator of a recorded top-up: top-ups are only ever recorded for catalog operators. */
export function fixture(operatorId: number) {
  const found = OPERATORS.find((o) => o.operator.operatorId === operatorId);
  if (!found) throw new Error(`operator ${operatorId} is not in the double's catalog`);
  return found.operator;
}
