import { TonConnectButton, TonConnectUIProvider, useTonConnectUI, useTonWallet } from '@tonconnect/ui-react';
import type { TWalletLinks } from '@topup/shared';
import { useI18n } from '../i18n/I18n';

type Transaction = NonNullable<TWalletLinks['tonConnect']>;

/** How long a wallet may take to send it: the order's window is longer, and a stale request is refused by the wallet. */
const VALID_SECONDS = 5 * 60;

/**
 * Pay through TON Connect (Telegram's wallet, Tonkeeper…): connect the wallet, then one tap asks it to
 * send the order's transaction as the API built it (the amount, and the order's comment as its payload).
 * The manifest the wallet shows is the API's. Its own chunk: loaded only when an order has such a
 * transaction, so the first load of the site and the mini-app does not carry it.
 */
export default function TonConnectPay({ transaction }: { transaction: Transaction }) {
  return (
    <TonConnectUIProvider manifestUrl={`${window.location.origin}/api/tonconnect-manifest.json`}>
      <Pay transaction={transaction} />
    </TonConnectUIProvider>
  );
}

function Pay({ transaction }: { transaction: Transaction }) {
  const [ui] = useTonConnectUI();
  const wallet = useTonWallet();
  const { web } = useI18n();
  if (!wallet) return <TonConnectButton />;
  return (
    <button
      type="button"
      className="wz-button"
      data-testid="ton-connect-pay"
      // The screen follows the payment live; a wallet that refuses or is closed leaves the order payable.
      onClick={() =>
        void ui.sendTransaction({ validUntil: Math.floor(Date.now() / 1000) + VALID_SECONDS, messages: transaction.messages }).catch(() => undefined)
      }
    >
      {web.pay.payWithConnectedWallet}
    </button>
  );
}
