/** What answers at a JSON-RPC URL: nothing, an EVM node (and its chain id), or something else. */
type RpcProbe = { kind: 'nothing' } | { kind: 'node'; chainId: number } | { kind: 'other'; detail: string };

export async function probeRpc(rpcUrl: string, timeoutMs = 2_000): Promise<RpcProbe> {
  let response: Response;
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    // fetch() hides the socket's error in its cause.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED') return { kind: 'nothing' };
    return { kind: 'other', detail: cause?.code ?? cause?.message ?? (err as Error).message };
  }
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { result?: unknown };
    if (typeof body.result === 'string' && /^0x[0-9a-f]+$/i.test(body.result)) return { kind: 'node', chainId: Number(body.result) };
  } catch {
    // not JSON: reported below
  }
  return { kind: 'other', detail: `HTTP ${response.status}: ${text.slice(0, 80)}` };
}

/** The chain id of the node at rpcUrl, or an error that says what is wrong in words. */
export async function requireChainId(rpcUrl: string, expected?: number): Promise<number> {
  const probe = await probeRpc(rpcUrl);
  if (probe.kind === 'nothing') throw new Error(`no node answers at ${rpcUrl} (is the devnet running? npm start starts it)`);
  if (probe.kind === 'other') throw new Error(`${rpcUrl} is not an EVM JSON-RPC node (${probe.detail})`);
  if (expected !== undefined && probe.chainId !== expected) throw new Error(`the node at ${rpcUrl} is chain ${probe.chainId}, expected ${expected}`);
  return probe.chainId;
}
