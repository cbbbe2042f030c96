import { QueryClient, useQuery, type QueryClient as TQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from './client';
import {
  ZAdminOrders,
  ZAlerts,
  ZAuditLog,
  ZCountries,
  ZMe,
  ZOperators,
  ZSettings,
  ZStats,
  ZUnmatchedPayments,
  ZUsers,
} from './schemas';

/**
 * Data fetching with the spec's defaults (section 9): fresh 5 min, unused cache dropped after 10 min,
 * no retries, no refetch on focus, mount, reconnect or interval. A change made here refreshes what it
 * touches (see `refresh`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const KEYS = {
  me: ['/api/admin/me'],
  stats: ['/api/admin/stats'],
  orders: ['/api/admin/orders'],
  users: ['/api/admin/users'],
  settings: ['/api/admin/settings'],
  audit: ['/api/admin/audit'],
  unmatched: ['/api/admin/payments/unmatched'],
  alerts: ['/api/admin/alerts'],
  countries: ['/api/countries'],
} as const;

/**
 * Refetches the given lists now, shown or not: with refetch-on-mount off, a list that is not on screen
 * would otherwise keep its old rows when its tab opens again.
 */
export async function refresh(client: TQueryClient, ...keys: (readonly string[])[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'all' })));
}

const fetchMe = () => apiJson('GET', '/api/admin/me', ZMe);
export const useMe = () => useQuery({ queryKey: KEYS.me, queryFn: fetchMe, select: (r) => r.admin });
/** Whether the signed-in admin has two-factor sign-in on (the same call as useMe). */
export const useTotpEnabled = () => useQuery({ queryKey: KEYS.me, queryFn: fetchMe, select: (r) => r.totpEnabled === true });

export const useStats = () => useQuery({ queryKey: KEYS.stats, queryFn: () => apiJson('GET', '/api/admin/stats', ZStats) });

export interface OrderFilter {
  status?: string;
  coin?: string;
  phone?: string;
  q?: string;
  /** yyyy-mm-dd, the admin's local day. */
  from?: string;
  to?: string;
}

/** The admin orders query string: local days become instants, `to` includes its whole day. */
export function ordersQuery(filter: OrderFilter, page?: number, pageSize?: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.coin) params.set('coin', filter.coin);
  if (filter.phone?.trim()) params.set('phone', filter.phone.trim());
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (filter.from) params.set('from', new Date(`${filter.from}T00:00:00`).toISOString());
  if (filter.to) params.set('to', new Date(`${filter.to}T23:59:59.999`).toISOString());
  if (page) params.set('page', String(page));
  if (pageSize) params.set('pageSize', String(pageSize));
  return params;
}

export function useOrders(filter: OrderFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...KEYS.orders, filter, page, pageSize],
    queryFn: async () => {
      const res = await apiRequest('GET', `/api/admin/orders?${ordersQuery(filter, page, pageSize)}`);
      const orders = ZAdminOrders.parse(await res.json());
      return { orders, total: Number(res.headers.get('x-total-count') ?? orders.length) };
    },
  });
}

export const useUsers = () => useQuery({ queryKey: KEYS.users, queryFn: () => apiJson('GET', '/api/admin/users', ZUsers) });

export const useSettings = () => useQuery({ queryKey: KEYS.settings, queryFn: () => apiJson('GET', '/api/admin/settings', ZSettings) });

export const useAuditLog = (page: number, pageSize: number) =>
  useQuery({ queryKey: [...KEYS.audit, page, pageSize], queryFn: () => apiJson('GET', `/api/admin/audit?page=${page}&pageSize=${pageSize}`, ZAuditLog) });

export const useUnmatchedPayments = () => useQuery({ queryKey: KEYS.unmatched, queryFn: () => apiJson('GET', '/api/admin/payments/unmatched', ZUnmatchedPayments) });

export const useAlerts = () => useQuery({ queryKey: KEYS.alerts, queryFn: () => apiJson('GET', '/api/admin/alerts', ZAlerts) });

/** The catalog, cached as the four-step flow caches it (countries 30 min, operators 3 min). */
export const useCountries = () =>
  useQuery({ queryKey: KEYS.countries, queryFn: () => apiJson('GET', '/api/countries', ZCountries), staleTime: 30 * 60 * 1000, gcTime: 60 * 60 * 1000 });

export const useOperators = (countryId: string) =>
  useQuery({
    queryKey: [...KEYS.countries, countryId, 'operators'],
    queryFn: () => apiJson('GET', `/api/countries/${encodeURIComponent(countryId)}/operators`, ZOperators),
    enabled: countryId !== '',
    staleTime: 3 * 60 * 1000,
    gcTime: 8 * 60 * 1000,
  });
