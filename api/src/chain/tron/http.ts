import { ChainHttpError, JsonHttpClient, type ChainHttpOptions } from '../json-http';

/**
 * A client of Tron's HTTP API (a full node's /wallet and /walletsolidity paths, as TronGrid serves
 * them): JSON POSTs with failover (chain/json-http.ts). An answer with `Error` in its body refuses the
 * request. TronGrid's key goes in its documented header, TRON-PRO-API-KEY.
 */
export class TronHttpClient extends JsonHttpClient {
  constructor(urls: string[], opts: ChainHttpOptions = {}) {
    super(
      urls,
      {
        name: 'Tron node',
        keyHeader: 'TRON-PRO-API-KEY',
        errorOf: (json) => (json && typeof json === 'object' && 'Error' in json ? String((json as { Error?: unknown }).Error) : null),
      },
      opts,
    );
  }

  post<T>(path: string, body: object = {}): Promise<T> {
    return this.request<T>(path, body);
  }
}

export { ChainHttpError as TronHttpError };
