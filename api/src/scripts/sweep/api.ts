import { z } from 'zod';
import {
  ZPayouts,
  ZSweepSources,
  ZTreasuryTransfer,
  type TPayout,
  type TRecordTransferRequest,
  type TSweepSources,
  type TTreasuryTransfer,
} from '@topup/shared';
import type { SweepJournal } from './planner';

const ZTransferAnswer = z.object({ success: z.literal(true), transfer: ZTreasuryTransfer });
const ZOk = z.object({ success: z.literal(true) });

/** The API's admin calls the sweep tool makes, with an admin session token; every answer is parsed by its schema. */
export class SweepApi implements SweepJournal {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.output<S>> {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}/api/admin${path}`, {
      method,
      headers: { 'x-admin-token': this.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!res.ok) throw new Error(`the API answered ${res.status} to ${method} ${path}: ${json?.error?.message ?? 'no message'}`);
    return schema.parse(json);
  }

  sources(network?: string): Promise<TSweepSources> {
    return this.call(ZSweepSources, 'GET', `/sweeps/sources${network ? `?network=${encodeURIComponent(network)}` : ''}`);
  }

  async record(transfer: TRecordTransferRequest): Promise<TTreasuryTransfer> {
    return (await this.call(ZTransferAnswer, 'POST', '/sweeps/transfers', transfer)).transfer;
  }

  async settle(id: number, outcome: { status: 'confirmed' | 'failed'; fee: string | null }): Promise<void> {
    await this.call(ZTransferAnswer, 'POST', `/sweeps/transfers/${id}/settle`, outcome);
  }

  async leftovers(network: string, leftovers: { address: string; coin: string; amount: string }[]): Promise<void> {
    await this.call(ZOk, 'POST', '/sweeps/leftovers', { network, leftovers });
  }

  async approvedPayouts(): Promise<TPayout[]> {
    return (await this.call(ZPayouts, 'GET', '/payouts?status=approved')).payouts;
  }
}
