import { useQuery } from '@tanstack/react-query';
import { coinsQuery, countriesQuery } from '../api/queries';
import { CHAINS } from '../../../shared/src/coins';

/**
 * Every count the marketing pages show, computed (docs/design.md section 2): countries from the live catalog,
 * coins and networks from the coins actually offered. `countries` is null until the catalog answers.
 */
export function useCatalogCounts() {
  const countries = useQuery(countriesQuery());
  // Until the server answers, the built-in registry stands in for what it offers.
  const coins = useQuery(coinsQuery()).data?.coins ?? CHAINS.coins.map((c) => ({ ...c, networkLabel: CHAINS.network(c.network)!.label }));
  const networks = new Map(coins.map((c) => [c.network, c.networkLabel]));
  return {
    countries: countries.data?.length ?? null,
    countriesFailed: countries.isError,
    coins: coins.length,
    networks: networks.size,
    networkNames: [...networks.values()],
    coinNames: [...new Set(coins.map((c) => c.symbol.replace(/-.*/, '')))],
  };
}
