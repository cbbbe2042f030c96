import { Address, beginCell, Cell } from '@ton/core';
import { runGetMethod, type TonCenterClient } from './api';

/**
 * The jetton wallet that holds `owner`'s jettons of `master`, as the master itself answers it (TEP-74's
 * get_wallet_address). Only a transfer notification from this wallet is a payment in this jetton: any
 * contract can send a notification that says "USDT", but none can be this wallet.
 */
export async function jettonWalletOf(client: TonCenterClient, master: string, owner: string): Promise<Address> {
  const arg = beginCell().storeAddress(Address.parse(owner)).endCell().toBoc().toString('base64');
  const answer = await runGetMethod(client, master, 'get_wallet_address', [{ type: 'slice', value: arg }]);
  const item = answer.stack[0];
  if (answer.exit_code !== 0 || !item) throw new Error(`the jetton master ${master} did not answer get_wallet_address (exit code ${answer.exit_code})`);
  return Cell.fromBase64(item.value).beginParse().loadAddress();
}
