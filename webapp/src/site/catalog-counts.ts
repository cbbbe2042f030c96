import { useQuery } from '@tanstack/react-query';
import type { Locale, TCoinsResponse } from '@topup/shared';
import { coinsQuery, countriesQuery } from '../api/queries';
import { useI18n } from '../i18n/I18n';
import { formatListIn } from '../shared';

/**
 * Every count the marketing pages show, computed (docs/design.md section 2): countries from the live
 * catalog, coins and networks from the coins the server offers. Each is null until the server answers:
 * the pages say "around the world" and "cryptocurrency" meanwhile, not a compiled-in list that could
 * differ from what is offered (and would weigh on the first load).
 */
export function useCatalogCounts() {
  const { locale } = useI18n();
  const countries = useQuery(countriesQuery());
  const coins = useQuery(coinsQuery());
  return {
    countries: countries.data?.length ?? null,
    countriesFailed: countries.isError,
    coinsFailed: coins.isError,
    offered: coins.data ? offeredCoins(coins.data.coins, locale) : null,
  };
}

/** The offered coins as the texts take them (OfferedCoins), the lists joined in the page's language. */
function offeredCoins(coins: TCoinsResponse['coins'], locale: Locale) {
  const networkNames = [...new Map(coins.map((c) => [c.network, c.networkLabel])).values()];
  return {
    coins: coins.length,
    chains: networkNames.length,
    coinNames: formatListIn(locale, [...new Set(coins.map((c) => c.symbol.replace(/-.*/, '')))]),
    networkNames: formatListIn(locale, networkNames),
  };
}
