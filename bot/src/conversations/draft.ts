import { dollarsToCents, type TCoinSymbol, type TOperator, type TPaymentOptionsResponse, type TServiceType } from '@topup/shared';
import type { TopupApi } from '../api/client';
import type { CountryChoice } from '../countries';

/** What the recharge conversation collects, step by step (recharge.ts), and pays for (checkout.ts); a balance top-up, the amount and coin (balance-topup.ts). */

export interface OperatorChoice {
  operatorId: number;
  name: string;
  denominationType: 'FIXED' | 'RANGE';
  serviceType: TServiceType;
  minCents: number;
  maxCents: number;
  /** The custom amount the API allows (the operator's range within the admin's: shared custom-amount.ts). */
  custom: TOperator['custom'];
  localCurrencyCode: string | null;
}

/** What the steps keep of an operator the API lists (its limits in cents). */
export function operatorChoice(op: TOperator): OperatorChoice {
  return {
    operatorId: op.operatorId,
    name: op.name,
    denominationType: op.denominationType,
    serviceType: op.serviceType,
    minCents: dollarsToCents(op.minAmount),
    maxCents: dollarsToCents(op.maxAmount),
    custom: op.custom,
    localCurrencyCode: op.localCurrencyCode,
  };
}

/** The operator of that id in the country, as the steps keep it; null without an id or when the country no longer has it. */
export async function findOperator(api: TopupApi, countryCode: string, operatorId: number | null): Promise<OperatorChoice | null> {
  if (operatorId === null) return null;
  const op = (await api.operators(countryCode)).find((x) => x.operatorId === operatorId);
  return op ? operatorChoice(op) : null;
}

export interface AmountChoice {
  cents: number;
  label: string;
}

export interface Draft {
  /** A top-up of the user's own balance (balance-topup.ts): an amount and a coin, no country, operator nor number. */
  balanceTopup?: true;
  country?: CountryChoice;
  operator?: OperatorChoice;
  amount?: AmountChoice;
  /** E.164, as the API validated it. */
  phone?: string;
  /** The coin chosen first (USDT, USDC, ETH, BNB, POL); `coin` is the network it is paid on. */
  asset?: string;
  coin?: CoinChoice;
  /** The customer keeps the operator they chose though the number looks like another's (OPERATOR_MISMATCH). */
  operatorConfirmed?: true;
}

/** A coin the API offers now on one network (GET /api/payment-options): what the review shows of it. */
export interface CoinChoice {
  symbol: TCoinSymbol;
  name: string;
  networkLabel: string;
  /** US cents; null while the server does not know it. */
  typicalFee: number | null;
  timeToCountSeconds: number;
}

/** An asset and its networks, cheapest first: the part of the payment options the conversation keeps. */
export interface AssetChoice {
  asset: string;
  name: string;
  networks: CoinChoice[];
}

/** Only what the steps use, so that the conversation's stored log stays small. */
export function assetChoices(options: TPaymentOptionsResponse): AssetChoice[] {
  return options.assets.map(({ asset, name, networks }) => ({
    asset,
    name,
    networks: networks.map((n) => ({
      symbol: n.symbol,
      name: n.name,
      networkLabel: n.networkLabel,
      typicalFee: n.typicalFee,
      timeToCountSeconds: n.timeToCountSeconds,
    })),
  }));
}

export type StepOutcome = 'done' | 'abort';
