import type { ProviderOperator } from '../provider';
import { sandboxCurrency, toLocalAmount, type SandboxCurrency } from './currencies';

/**
 * The sandbox's operators: real operator names in sixteen countries, with made-up denominations.
 * Ids are fixed forever (orders keep them); MTN Cameroon is 53, the spec's default operator.
 */

/** How an operator is sold: a range of amounts, fixed airtime amounts, PIN vouchers, or data bundles. */
type Plan = 'range' | 'fixed' | 'pin' | 'data';

export interface SandboxOperator {
  id: number;
  countryCode: string;
  name: string;
  plan: Plan;
  /** Text and background colour of the generated logo. */
  mark: string;
  colour: string;
  /** National-number prefixes of the operator's numbers (airtime operators), read by detectOperator. */
  prefixes: string[];
}

// id, country, name, plan, logo text, logo colour, national-number prefixes (space separated)
type Row = [number, string, string, Plan, string, string, string];
const ROWS: Row[] = [
  [53, 'CM', 'MTN Cameroon', 'range', 'MTN', '#ffcc00', '67 650 651 652 653 654 680 681 682 683'],
  [54, 'CM', 'Orange Cameroon', 'fixed', 'OR', '#ff7900', '69 655 656 657 658 659 686 687 688 689'],
  [55, 'CM', 'MTN Cameroon Data', 'data', 'MTN', '#ffcc00', ''],
  [101, 'US', 'AT&T United States', 'range', 'AT&T', '#00a8e0', ''],
  [102, 'US', 'T-Mobile United States', 'fixed', 'T', '#e20074', ''],
  [103, 'US', 'Tracfone PIN United States', 'pin', 'TF', '#1b365d', ''],
  [111, 'MX', 'Telcel Mexico', 'range', 'TEL', '#00377b', ''],
  [112, 'MX', 'Movistar Mexico', 'fixed', 'M', '#019df4', ''],
  [113, 'MX', 'Telcel Mexico Data', 'data', 'TEL', '#00377b', ''],
  [121, 'IN', 'Airtel India', 'range', 'A', '#e40000', ''],
  [122, 'IN', 'Vi India', 'range', 'Vi', '#ee2a24', ''],
  [123, 'IN', 'Jio India Data', 'data', 'Jio', '#0f3cc9', ''],
  [131, 'PH', 'Globe Philippines', 'range', 'G', '#0033a0', '905 906 915 916 917 926 927 935 936 945'],
  [132, 'PH', 'Smart Philippines', 'range', 'S', '#00a651', '907 908 909 910 912 918 919 920 921 928 929 939'],
  [133, 'PH', 'Smart Philippines Data', 'data', 'S', '#00a651', ''],
  [141, 'NG', 'MTN Nigeria', 'range', 'MTN', '#ffcc00', '703 706 803 806 810 813 814 816 903 906'],
  [142, 'NG', 'Airtel Nigeria', 'range', 'A', '#ed1c24', '701 708 802 808 812 901 902 907'],
  [143, 'NG', 'Glo Nigeria Data', 'data', 'Glo', '#50b848', ''],
  [151, 'BR', 'Claro Brasil', 'fixed', 'C', '#da291c', ''],
  [152, 'BR', 'Vivo Brasil', 'fixed', 'V', '#660099', ''],
  [153, 'BR', 'TIM Brasil', 'range', 'TIM', '#004691', ''],
  [161, 'CO', 'Claro Colombia', 'range', 'C', '#da291c', '310 311 312 313 314 320 321 322 323'],
  [162, 'CO', 'Movistar Colombia', 'range', 'M', '#019df4', '315 316 317 318'],
  [163, 'CO', 'Tigo Colombia Data', 'data', 'T', '#00377d', ''],
  [171, 'GB', 'EE United Kingdom', 'fixed', 'EE', '#00b1b0', ''],
  [172, 'GB', 'Vodafone United Kingdom', 'fixed', 'V', '#e60000', ''],
  [173, 'GB', 'Lycamobile United Kingdom', 'fixed', 'L', '#0067b1', ''],
  [181, 'GH', 'MTN Ghana', 'range', 'MTN', '#ffcc00', '24 25 53 54 55 59'],
  [182, 'GH', 'AirtelTigo Ghana', 'range', 'AT', '#ed1c24', '26 27 56 57'],
  [183, 'GH', 'MTN Ghana Data', 'data', 'MTN', '#ffcc00', ''],
  [191, 'KE', 'Safaricom Kenya', 'range', 'S', '#43b02a', '70 71 72 79 110 111 757 758 759'],
  [192, 'KE', 'Airtel Kenya', 'range', 'A', '#ed1c24', '73 75 78 100 101 102'],
  [193, 'KE', 'Safaricom Kenya Data', 'data', 'S', '#43b02a', ''],
  [201, 'SN', 'Orange Senegal', 'range', 'OR', '#ff7900', '77 78'],
  [202, 'SN', 'Free Senegal', 'range', 'F', '#cd1e25', '76'],
  [203, 'SN', 'Expresso Senegal', 'fixed', 'E', '#e3000f', '70'],
  [211, 'CI', "Orange Côte d'Ivoire", 'range', 'OR', '#ff7900', '07'],
  [212, 'CI', "MTN Côte d'Ivoire", 'range', 'MTN', '#ffcc00', '05'],
  [213, 'CI', "Moov Africa Côte d'Ivoire", 'fixed', 'M', '#0066b3', '01'],
  [221, 'FR', 'Orange France', 'fixed', 'OR', '#ff7900', ''],
  [222, 'FR', 'SFR France', 'fixed', 'SFR', '#e2001a', ''],
  [223, 'FR', 'Bouygues Telecom France', 'fixed', 'B', '#009dcc', ''],
  [231, 'ES', 'Movistar Spain', 'fixed', 'M', '#019df4', ''],
  [232, 'ES', 'Orange Spain', 'fixed', 'OR', '#ff7900', ''],
  [233, 'ES', 'Vodafone Spain Data', 'data', 'V', '#e60000', ''],
  [241, 'DE', 'Vodafone Germany', 'fixed', 'V', '#e60000', ''],
  [242, 'DE', 'Telekom Germany', 'fixed', 'T', '#e20074', ''],
  [243, 'DE', 'O2 Germany Data', 'data', 'O2', '#0019a5', ''],
];

export const SANDBOX_OPERATORS: readonly SandboxOperator[] = ROWS.map(([id, countryCode, name, plan, mark, colour, prefixes]) => ({
  id,
  countryCode,
  name,
  plan,
  mark,
  colour,
  prefixes: prefixes.split(' ').filter(Boolean),
}));

export function findSandboxOperator(operatorId: number): SandboxOperator | null {
  return SANDBOX_OPERATORS.find((op) => op.id === operatorId) ?? null;
}

export function operatorCurrency(op: SandboxOperator): SandboxCurrency {
  const currency = sandboxCurrency(op.countryCode);
  // Every operator's country is in the currency table; a row without one is a mistake in this file.
  if (!currency) throw new Error(`Sandbox operator ${op.id} has no currency for ${op.countryCode}`);
  return currency;
}

/** RANGE plans: $1 to $200, the spec's custom amount range; the suggestions are its quick amounts. */
const RANGE = { minCents: 100, maxCents: 20_000, suggestedCents: [500, 1000, 1500, 2000, 2500, 5000] };

/** FIXED airtime and PIN plans: two amounts under $5 (hidden by one wizard) and the quick amounts. */
const FIXED_CENTS = [200, 300, 500, 1000, 1500, 2000, 2500, 5000];

/** Data bundles: [price in US cents, what the bundle holds]. */
const DATA_BUNDLES: [number, string][] = [
  [100, '1 GB, 1 day'],
  [300, '3 GB, 7 days'],
  [500, '6 GB, 30 days'],
  [1000, '15 GB, 30 days'],
  [2000, '40 GB, 30 days'],
];

/** The operator as the port describes it; logos are served by the API under `publicBaseUrl`. */
export function toProviderOperator(op: SandboxOperator, publicBaseUrl: string): ProviderOperator {
  const currency = operatorCurrency(op);
  const common = {
    operatorId: String(op.id),
    name: op.name,
    countryCode: op.countryCode,
    serviceType: op.plan === 'data' ? ('data' as const) : ('airtime' as const),
    fxRate: currency.rate,
    localCurrencyCode: currency.code,
    localCurrencySymbol: currency.symbol,
    logoUrls: [`${publicBaseUrl}/api/sandbox/logos/${op.id}.svg`],
  };
  if (op.plan === 'range') {
    return {
      ...common,
      denominationType: 'RANGE',
      fixedAmountsCents: [],
      localFixedAmounts: [],
      fixedAmountDescriptions: [],
      minAmountCents: RANGE.minCents,
      maxAmountCents: RANGE.maxCents,
      suggestedAmountsCents: [...RANGE.suggestedCents],
    };
  }
  const fixed: [number, string | null][] = op.plan === 'data' ? DATA_BUNDLES : FIXED_CENTS.map((c) => [c, null]);
  const cents = fixed.map(([c]) => c);
  return {
    ...common,
    denominationType: 'FIXED',
    fixedAmountsCents: cents,
    localFixedAmounts: cents.map((c) => toLocalAmount(c, currency.rate)),
    fixedAmountDescriptions: fixed.map(([, description]) => description),
    minAmountCents: Math.min(...cents),
    maxAmountCents: Math.max(...cents),
    suggestedAmountsCents: [],
  };
}
