import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { TCoinSymbol, TOrderKind, TServiceType } from '@topup/shared';
import { ApiError, apiRequest, surfaceQuery } from './client';

const MINUTE = 60_000;

/**
 * Spec section 9: data-fetching defaults (fresh 5 min, unused cache dropped after 10 min, no retries,
 * no refetch on focus, mount, reconnect or interval).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        refetchInterval: false,
      },
    },
  });
}

/** Spec section 9, four-step cache times: countries fresh 30 min kept 60; operators 3 and 8; amounts 2 and 6. */
export const CACHE_TIMES = {
  countries: { staleTime: 30 * MINUTE, gcTime: 60 * MINUTE },
  operators: { staleTime: 3 * MINUTE, gcTime: 8 * MINUTE },
  amounts: { staleTime: 2 * MINUTE, gcTime: 6 * MINUTE },
} as const;

export const countriesQuery = () =>
  queryOptions({
    queryKey: ['/api/countries'],
    queryFn: ({ signal }) => apiRequest('/api/countries', (s) => s.ZCountry.array(), { signal }),
    ...CACHE_TIMES.countries,
  });

export const operatorsQuery = (countryId: number | undefined, serviceType: TServiceType = 'airtime') =>
  queryOptions({
    queryKey: ['/api/countries', countryId, 'operators', serviceType],
    queryFn: ({ signal }) => apiRequest(`/api/countries/${countryId}/operators?serviceType=${serviceType}`, (s) => s.ZOperator.array(), { signal }),
    enabled: countryId !== undefined,
    ...CACHE_TIMES.operators,
  });

export const amountsQuery = (operatorId: number | undefined, serviceType: TServiceType = 'airtime') =>
  queryOptions({
    queryKey: ['/api/operators', operatorId, 'amounts', serviceType],
    queryFn: ({ signal }) => apiRequest(`/api/operators/${operatorId}/amounts?serviceType=${serviceType}`, (s) => s.ZAmountOption.array(), { signal }),
    enabled: operatorId !== undefined,
    ...CACHE_TIMES.amounts,
  });

/** The coins the server takes now (GET /api/coins): a network switched off there is not offered. */
export const coinsQuery = () =>
  queryOptions({
    queryKey: [`/api/coins${surfaceQuery()}`],
    queryFn: ({ signal }) => apiRequest(`/api/coins${surfaceQuery()}`, (s) => s.ZCoinsResponse, { signal }),
  });

/**
 * The same coins by asset, then network (cheapest first), with each network's typical fee and time to
 * count (GET /api/payment-options): the coin-then-network choice. The fees are estimated at most once
 * a minute: an answer is fresh for that long.
 */
export const paymentOptionsQuery = () =>
  queryOptions({
    queryKey: [`/api/payment-options${surfaceQuery()}`],
    queryFn: ({ signal }) => apiRequest(`/api/payment-options${surfaceQuery()}`, (s) => s.ZPaymentOptionsResponse, { signal }),
    staleTime: MINUTE,
  });

/** The service fee and amount limits of the API's settings (docs/design.md section 6). */
export const pricingQuery = () =>
  queryOptions({
    queryKey: ['/api/pricing'],
    queryFn: ({ signal }) => apiRequest('/api/pricing', (s) => s.ZPricingSettings, { signal }),
  });

/** What a quote is asked for: the amount in dollars as the catalog gave it, the order's kind, the coin if any. */
export interface QuoteRequest {
  amount: string;
  kind: TOrderKind;
  coin?: TCoinSymbol;
}

/**
 * GET /api/quote: the server's amount, fee and total (cents), and the total in a coin when one is
 * named. A coin's price moves: that answer is fresh for 30 s; the dollars change only with the settings.
 */
export const quoteQuery = (request: QuoteRequest | null) =>
  queryOptions({
    queryKey: ['/api/quote', request],
    queryFn: ({ signal }) => {
      const { amount, kind, coin } = request!;
      const query = new URLSearchParams({ amount, kind, ...(coin ? { coin } : {}) });
      return apiRequest(`/api/quote?${query}`, (s) => s.ZQuote, { signal });
    },
    enabled: request !== null,
    staleTime: request?.coin ? 30_000 : 5 * MINUTE,
  });

/** The caller's orders (the API scopes them to the Telegram user of the init data). */
export const ordersQuery = () =>
  queryOptions({
    queryKey: ['/api/orders'],
    queryFn: ({ signal }) => apiRequest('/api/orders', (s) => s.ZOrderView.array(), { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const balanceQuery = () =>
  queryOptions({
    queryKey: ['/api/balance'],
    queryFn: ({ signal }) => apiRequest('/api/balance', (s) => s.ZBalance, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** GET /api/promotions (the compact wizard's panel). */
export const promotionsQuery = () =>
  queryOptions({
    queryKey: ['/api/promotions'],
    queryFn: ({ signal }) => apiRequest('/api/promotions', (s) => s.ZPromotion.array(), { signal }),
  });

/** GET /api/site-config: sign-in options and support contacts of this server. */
export const siteConfigQuery = () =>
  queryOptions({
    queryKey: ['/api/site-config'],
    queryFn: ({ signal }) => apiRequest('/api/site-config', (s) => s.ZSiteConfig, { signal }),
    staleTime: 60 * MINUTE,
  });

/**
 * Spec section 7: the user lookup. A 401 means signed out (null); any other failure is an error
 * ('Failed to fetch user'). Cached 30 min, kept 60, no retry or refetch on focus, mount or reconnect.
 */
export const userQuery = () =>
  queryOptions({
    queryKey: ['/api/auth/user'],
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest('/api/auth/user', (s) => s.ZAuthUser, { signal, expected: [401] });
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw new Error('Failed to fetch user', { cause: err });
      }
    },
    staleTime: 30 * MINUTE,
    gcTime: 60 * MINUTE,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
