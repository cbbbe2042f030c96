import { COUNTRIES, OPERATORS, PROMOTIONS } from './fixtures';
import { error, page, type Reply } from './wire';

/**
 * The double's catalog endpoints: countries, operators (by country, by id, auto-detected), fx rates,
 * promotions. Null for any other call.
 */
export function catalogReply(method: string, path: string, query: Record<string, string>, body: unknown, maxPageSize: number): Reply | null {
  if (method === 'GET' && path === '/countries') return { status: 200, body: COUNTRIES };
  if (method === 'GET' && path === '/promotions') return { status: 200, body: page(PROMOTIONS, query, maxPageSize) };
  if (method === 'POST' && path === '/operators/fx-rate') return fxRate(body);
  let match: RegExpExecArray | null;
  if (method === 'GET' && (match = /^\/operators\/countries\/([^/]+)$/.exec(path))) return byCountry(decodeURIComponent(match[1] ?? ''), query);
  if (method === 'GET' && (match = /^\/operators\/(\d+)$/.exec(path))) {
    const found = OPERATORS.find((o) => o.operator.operatorId === Number(match?.[1]));
    return found ? { status: 200, body: present(found.operator, query) } : error(404, null, 'Operator not found for given id', path);
  }
  if (method === 'GET' && (match = /^\/operators\/auto-detect\/phone\/([^/]+)\/countries\/([^/]+)$/.exec(path))) {
    return autoDetect(decodeURIComponent(match[1] ?? ''), decodeURIComponent(match[2] ?? ''), query);
  }
  return null;
}

function byCountry(iso: string, query: Record<string, string>): Reply {
  if (!COUNTRIES.some((c) => c.isoName === iso)) {
    return error(404, 'COUNTRY_NOT_SUPPORTED', 'Country not found and/or not currently supported', `/operators/countries/${iso}`);
  }
  const operators = OPERATORS.map((o) => o.operator)
    .filter((o) => o.country.isoName === iso)
    .filter((o) => query.includeData !== 'false' || !o.data)
    .filter((o) => query.includeBundles !== 'false' || !o.bundle);
  return { status: 200, body: operators.map((o) => present(o, query)) };
}

function autoDetect(phone: string, iso: string, query: Record<string, string>): Reply {
  const e164 = phone.startsWith('+') ? phone : `+${phone}`;
  const found = OPERATORS.find((o) => o.operator.country.isoName === iso && o.prefixes.some((p) => e164.startsWith(p)));
  if (!found) return error(404, 'COULD_NOT_AUTO_DETECT_OPERATOR', 'Could not auto detect operator for given phone number', '/operators/auto-detect');
  return { status: 200, body: present(found.operator, query) };
}

function fxRate(body: unknown): Reply {
  const { operatorId, amount } = (body ?? {}) as { operatorId?: unknown; amount?: unknown };
  const found = OPERATORS.find((o) => o.operator.operatorId === Number(operatorId))?.operator;
  if (!found) return error(404, null, 'Operator not found for given id', '/operators/fx-rate');
  const rate = (found.fx as { rate: number }).rate;
  return {
    status: 200,
    body: { id: found.operatorId, name: found.name, fxRate: Number((Number(amount) * rate).toFixed(5)), currencyCode: found.destinationCurrencyCode },
  };
}

/** Operator JSON as Reloadly shows it: the suggested amounts only when asked for. */
function present(o: Record<string, unknown>, query: Record<string, string>) {
  const { suggestedAmounts, suggestedAmountsMap, ...rest } = o;
  return {
    ...rest,
    ...(query.suggestedAmounts === 'true' ? { suggestedAmounts } : {}),
    ...(query.suggestedAmountsMap === 'true' ? { suggestedAmountsMap } : {}),
  };
}
