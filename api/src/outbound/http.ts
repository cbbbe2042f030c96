import { parseJsonExact } from './json';

export interface SourceOptions {
  /** Base URL of the source's API; tests point it at a local double. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;

/** GETs a price source's JSON (numbers kept as their text); a non-2xx answer throws with the source's name. */
export async function getJson(source: string, url: string, headers: Record<string, string>, opts: SourceOptions): Promise<unknown> {
  const res = await (opts.fetch ?? fetch)(url, {
    headers: { accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${source} answered ${res.status}`);
  return parseJsonExact(text);
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
