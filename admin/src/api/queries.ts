import { QueryClient, useQuery, type QueryClient as TQueryClient } from '@tanstack/react-query';
import { ADMIN_API, API, type TAdminOrdersQueryInput } from '@topup/shared';
import { api } from './client';

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
  sweeps: ['/api/admin/sweeps'],
  payouts: ['/api/admin/payouts'],
  reconciliation: ['/api/admin/reconciliation'],
  alerts: ['/api/admin/alerts'],
  system: ['/api/admin/system'],
  countries: ['/api/countries'],
  order: ['/api/admin/orders/id'],
  supportThreads: ['/api/admin/support/threads'],
  supportThread: ['/api/admin/support/thread'],
  supportUnread: ['/api/admin/support/unread'],
} as const;

/**
 * Refetches the given lists now, shown or not: with refetch-on-mount off, a list that is not on screen
 * would otherwise keep its old rows when its tab opens again.
 */
export async function refresh(client: TQueryClient, ...keys: (readonly string[])[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'all' })));
}

const fetchMe = () => api.request(ADMIN_API.me);
export const useMe = () => useQuery({ queryKey: KEYS.me, queryFn: fetchMe, select: (r) => r.admin });
/** Whether the signed-in admin has two-factor sign-in on (the same call as useMe). */
export const useTotpEnabled = () => useQuery({ queryKey: KEYS.me, queryFn: fetchMe, select: (r) => r.totpEnabled });

export const useStats = () => useQuery({ queryKey: KEYS.stats, queryFn: () => api.request(ADMIN_API.stats) });

export interface OrderFilter {
  status?: string;
  coin?: string;
  phone?: string;
  q?: string;
  /** yyyy-mm-dd, the admin's local day. */
  from?: string;
  to?: string;
}

/** The admin orders query: local days become instants, `to` includes its whole day. */
export function ordersQuery(filter: OrderFilter, page?: number, pageSize?: number): TAdminOrdersQueryInput {
  return {
    status: filter.status || undefined,
    coin: filter.coin || undefined,
    phone: filter.phone?.trim() || undefined,
    q: filter.q?.trim() || undefined,
    from: filter.from ? new Date(`${filter.from}T00:00:00`).toISOString() : undefined,
    to: filter.to ? new Date(`${filter.to}T23:59:59.999`).toISOString() : undefined,
    page: page ? String(page) : undefined,
    pageSize: pageSize ? String(pageSize) : undefined,
  };
}

export function useOrders(filter: OrderFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...KEYS.orders, filter, page, pageSize],
    queryFn: async () => {
      const { data: orders, headers } = await api.exchange(ADMIN_API.orders, { params: ordersQuery(filter, page, pageSize) });
      return { orders, total: Number(headers.get('x-total-count') ?? orders.length) };
    },
  });
}

export const useUsers = () => useQuery({ queryKey: KEYS.users, queryFn: () => api.request(ADMIN_API.users) });

export const useSettings = () => useQuery({ queryKey: KEYS.settings, queryFn: () => api.request(ADMIN_API.settings) });

export const useAuditLog = (page: number, pageSize: number) =>
  useQuery({ queryKey: [...KEYS.audit, page, pageSize], queryFn: () => api.request(ADMIN_API.audit, { params: { page, pageSize } }) });

export const useUnmatchedPayments = () => useQuery({ queryKey: KEYS.unmatched, queryFn: () => api.request(ADMIN_API.unmatchedPayments) });

export const useSweeps = () => useQuery({ queryKey: KEYS.sweeps, queryFn: () => api.request(ADMIN_API.sweeps) });
export const usePayouts = () => useQuery({ queryKey: KEYS.payouts, queryFn: () => api.request(ADMIN_API.payouts, { params: {} }) });
/** Each report reads the provider's balance: made when asked, not on every visit. */
export const useReconciliation = (enabled: boolean) =>
  useQuery({ queryKey: KEYS.reconciliation, queryFn: () => api.request(ADMIN_API.reconciliation, { params: {} }), enabled });

export const useAlerts = () => useQuery({ queryKey: KEYS.alerts, queryFn: () => api.request(ADMIN_API.alerts) });

/** The readiness checks with their details (the same round as GET /api/ready). */
export const useSystem = () => useQuery({ queryKey: KEYS.system, queryFn: () => api.request(ADMIN_API.system) });

/** The catalog, cached as the four-step flow caches it (countries 30 min, operators 3 min). */
export const useCountries = () =>
  useQuery({ queryKey: KEYS.countries, queryFn: () => api.request(API.countries), staleTime: 30 * 60 * 1000, gcTime: 60 * 60 * 1000 });

export const useOperators = (countryId: string) =>
  useQuery({
    queryKey: [...KEYS.countries, countryId, 'operators'],
    queryFn: () => api.request(API.operators, { params: { country: countryId } }),
    enabled: countryId !== '',
    staleTime: 3 * 60 * 1000,
    gcTime: 8 * 60 * 1000,
  });

/**
 * The console's own views (an order's page, the inbox) are read again whenever they show and while
 * something is under way: unlike the spec's lists, they are about what is happening now.
 */
const LIVE = { staleTime: 0, refetchOnMount: true } as const;

/** How often a page that shows something under way (a delivery, the inbox) looks again. */
export const FOLLOW_MS = 2000;
export const INBOX_REFRESH_MS = 30_000;

/**
 * One order's page. `follow`: looked at again every 2 s while its delivery is under way (paid,
 * processing), so a manual top-up's outcome shows when it happens.
 */
export const useOrderDetail = (id: number | null, opts: { follow?: boolean } = {}) =>
  useQuery({
    queryKey: [...KEYS.order, id],
    queryFn: () => api.request(ADMIN_API.order, { params: { id: id! } }),
    enabled: id !== null,
    ...LIVE,
    refetchInterval: (query) => {
      const status = query.state.data?.story.order.status;
      return opts.follow && (status === undefined || status === 'paid' || status === 'processing') && !query.state.error ? FOLLOW_MS : false;
    },
  });

export const useSupportThreads = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...KEYS.supportThreads, page, pageSize],
    queryFn: async () => {
      const { data: threads, headers } = await api.exchange(ADMIN_API.supportThreads, { params: { page, pageSize } });
      return { threads, total: Number(headers.get('x-total-count') ?? threads.length) };
    },
    ...LIVE,
    refetchInterval: INBOX_REFRESH_MS,
  });

export const useSupportThread = (id: number) =>
  useQuery({
    queryKey: [...KEYS.supportThread, id],
    queryFn: () => api.request(ADMIN_API.supportThread, { params: { id } }),
    ...LIVE,
    refetchInterval: INBOX_REFRESH_MS,
  });

export const useSupportUnread = () =>
  useQuery({ queryKey: KEYS.supportUnread, queryFn: () => api.request(ADMIN_API.supportUnread), ...LIVE, refetchInterval: INBOX_REFRESH_MS });
