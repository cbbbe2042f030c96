import { useQuery } from '@tanstack/react-query';
import { countriesQuery } from '../api/queries';
import { COIN_SYMBOLS, COINS, NETWORK_LABELS } from '../shared';

/**
 * Every count the marketing pages show, computed (DESIGN.md section 2): countries from the live catalog,
 * coins and networks from the coins actually offered. `countries` is null until the catalog answers.
 */
export function useCatalogCounts() {
  const countries = useQuery(countriesQuery());
  const networks = new Set(COIN_SYMBOLS.map((s) => COINS[s].network));
  return {
    countries: countries.data?.length ?? null,
    countriesFailed: countries.isError,
    coins: COIN_SYMBOLS.length,
    networks: networks.size,
    networkNames: [...networks].map((n) => NETWORK_LABELS[n]),
    coinNames: [...new Set(COIN_SYMBOLS.map((s) => s.replace(/-.*/, '')))],
  };
}

/** "in 16 countries" / "worldwide" while unknown. */
export function countriesPhrase(count: number | null): string {
  return count === null ? 'around the world' : `in ${count} ${count === 1 ? 'country' : 'countries'}`;
}

/** "USDT, USDC, ETH, BNB and MATIC". */
export function listPhrase(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
