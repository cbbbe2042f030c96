import {
  ADMIN_API,
  createApiClient,
  type ApiClient,
  type TPayout,
  type TRecordTransferRequest,
  type TSweepSources,
  type TTreasuryTransfer,
} from '@topup/shared';
import type { SweepJournal } from './planner';

/** The API's admin calls the sweep tool makes, through the shared client, with an admin session token. */
export class SweepApi implements SweepJournal {
  private readonly client: ApiClient;

  constructor(baseUrl: string, token: string) {
    this.client = createApiClient({ baseUrl: baseUrl.replace(/\/$/, ''), headers: () => ({ 'x-admin-token': token }) });
  }

  sources(network?: string): Promise<TSweepSources> {
    return this.client.request(ADMIN_API.sweepSources, { params: { network } });
  }

  async record(transfer: TRecordTransferRequest): Promise<TTreasuryTransfer> {
    return (await this.client.request(ADMIN_API.recordTransfer, { body: transfer })).transfer;
  }

  async settle(id: number, outcome: { status: 'confirmed' | 'failed'; fee: string | null }): Promise<void> {
    await this.client.request(ADMIN_API.settleTransfer, { params: { id }, body: outcome });
  }

  async leftovers(network: string, leftovers: { address: string; coin: string; amount: string }[]): Promise<void> {
    await this.client.request(ADMIN_API.sweepLeftovers, { body: { network, leftovers } });
  }

  async approvedPayouts(): Promise<TPayout[]> {
    return (await this.client.request(ADMIN_API.payouts, { params: { status: 'approved' } })).payouts;
  }
}
