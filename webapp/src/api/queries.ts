import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { TServiceType } from '@topup/shared';
import { apiRequest } from './client';

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
    queryFn: ({ signal }) =>
      apiRequest(`/api/countries/${countryId}/operators?serviceType=${serviceType}`, (s) => s.ZOperator.array(), { signal }),
    enabled: countryId !== undefined,
    ...CACHE_TIMES.operators,
  });

export const amountsQuery = (operatorId: number | undefined, serviceType: TServiceType = 'airtime') =>
  queryOptions({
    queryKey: ['/api/operators', operatorId, 'amounts', serviceType],
    queryFn: ({ signal }) =>
      apiRequest(`/api/operators/${operatorId}/amounts?serviceType=${serviceType}`, (s) => s.ZAmountOption.array(), { signal }),
    enabled: operatorId !== undefined,
    ...CACHE_TIMES.amounts,
  });

/** The service fee and amount limits of the API's settings (DESIGN.md section 6). */
export const pricingQuery = () =>
  queryOptions({
    queryKey: ['/api/pricing'],
    queryFn: ({ signal }) => apiRequest('/api/pricing', (s) => s.ZPricingSettings, { signal }),
  });

/** What `amountUsd` (the total to pay, as decimal text) is in `crypto`; refetched when either changes (spec section 7). */
export const cryptoPriceQuery = (amountUsd: string | undefined, crypto: string) =>
  queryOptions({
    queryKey: ['/api/crypto/prices', amountUsd, crypto],
    queryFn: ({ signal }) =>
      apiRequest(`/api/crypto/prices?amount=${amountUsd}&crypto=${encodeURIComponent(crypto)}`, (s) => s.ZCryptoPriceResponse, { signal }),
    enabled: amountUsd !== undefined,
    staleTime: 30_000,
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
