import { AccountChainKey } from '../extended-key';
import { addressOfPublicKey } from './address';

/** BIP-44's coin type for Tron (SLIP-44: 195): deposit address i is m/44'/195'/0'/0/i. */
export const TRON_ACCOUNT_PATH = "m/44'/195'/0'/0";
export const TRON_KEY_SETTING = 'TRON_DEPOSIT_XPUB';

/**
 * Extended public key of m/44'/195'/0'/0 for the BIP-39 test phrase "abandon ×11 about": development
 * and tests only (production refuses it). Tron wallets of that phrase (TronLink, Trust) hold its addresses.
 */
export const DEV_TRON_DEPOSIT_XPUB = 'xpub6EuK4CZWW5urEHdwAVDdDw327danAtccFcrXYvgf1DHrPXRwErt36xStQ2PNhn4hpwzPbzJ8pJVpewgChRnSs59q5Ay61GCfQZKUe71gbLq';

/** One Tron deposit address per order, derived from the operator's extended public key alone. */
export class TronDepositKey {
  private readonly key: AccountChainKey;

  constructor(xpub: string) {
    this.key = new AccountChainKey(xpub, TRON_KEY_SETTING, TRON_ACCOUNT_PATH);
  }

  address(index: number): string {
    return addressOfPublicKey(this.key.child(index));
  }
}
