import type { Metrics } from '../metrics';
import type { AirtimeProvider, TopupLookup, TopupOutcome } from './provider';

/**
 * The provider port with every call counted and timed (topup_provider_calls_total by operation and
 * outcome): top-up calls by the port's outcome (delivered, processing, unknown…), the others as ok or
 * error. The adapter underneath is unchanged.
 */
export function instrumentProvider(provider: AirtimeProvider, metrics: Metrics): AirtimeProvider {
  const timed = async <T>(operation: string, call: () => Promise<T>, outcomeOf: (value: T) => string = () => 'ok'): Promise<T> => {
    const end = metrics.providerSeconds.startTimer({ operation });
    try {
      const value = await call();
      metrics.providerCalls.inc({ operation, outcome: outcomeOf(value) });
      return value;
    } catch (err) {
      metrics.providerCalls.inc({ operation, outcome: 'error' });
      throw err;
    } finally {
      end();
    }
  };
  const kind = (o: TopupOutcome | TopupLookup) => o.kind;
  return {
    name: provider.name,
    listCountries: () => timed('listCountries', () => provider.listCountries()),
    listOperators: (countryCode) => timed('listOperators', () => provider.listOperators(countryCode)),
    getOperator: (operatorId) => timed('getOperator', () => provider.getOperator(operatorId)),
    detectOperator: (phone, countryCode) => timed('detectOperator', () => provider.detectOperator(phone, countryCode)),
    fxRate: (operatorId, amountCents) => timed('fxRate', () => provider.fxRate(operatorId, amountCents)),
    listPromotions: () => timed('listPromotions', () => provider.listPromotions()),
    sendTopup: (request) => timed('sendTopup', () => provider.sendTopup(request), kind),
    getTopupStatus: (transactionId) => timed('getTopupStatus', () => provider.getTopupStatus(transactionId), kind),
    findTopup: (customIdentifier) => timed('findTopup', () => provider.findTopup(customIdentifier), kind),
    getBalance: () => timed('getBalance', () => provider.getBalance()),
  };
}
