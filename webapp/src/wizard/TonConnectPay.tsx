import { useEffect, useState } from 'react';
import { TonConnectButton, TonConnectUIProvider, useTonConnectUI, useTonWallet } from '@tonconnect/ui-react';
import type { TWalletTransaction } from '@topup/shared';
import { walletTransaction } from '../api/payments';
import { useI18n } from '../i18n/I18n';

/** How long a wallet may take to send it: the order's window is longer, and a stale request is refused by the wallet. */
const VALID_SECONDS = 5 * 60;

interface Props {
  paymentId: string;
  /** The payment the screen shows (its link): when it changes (the rest after a partial payment), the transaction is asked again. */
  payment: string;
}

/**
 * Pay through TON Connect (Telegram's wallet, Tonkeeper…): connect the wallet, then one tap asks it to
 * send the order's transaction. The API builds it once the wallet is connected, for that wallet: a jetton
 * is sent through the payer's own jetton wallet. It is asked before the tap, so that the tap opens the
 * wallet at once (a link opened after a wait is blocked as a pop-up). The manifest the wallet shows is
 * the API's. Its own chunk: loaded only for an order payable this way, so the first load of the site and
 * the mini-app does not carry it.
 */
export default function TonConnectPay(props: Props) {
  return (
    <TonConnectUIProvider manifestUrl={`${window.location.origin}/api/tonconnect-manifest.json`}>
      <Pay {...props} />
    </TonConnectUIProvider>
  );
}

function Pay({ paymentId, payment }: Props) {
  const [ui] = useTonConnectUI();
  const payer = useTonWallet()?.account.address ?? null;
  const [built, setBuilt] = useState<{ for: string; transaction: TWalletTransaction } | null>(null);
  const wanted = `${payer} ${payment}`;
  const { web } = useI18n();
  useEffect(() => {
    if (!payer) return;
    let current = true;
    // A refusal (the order paid meanwhile) leaves the button disabled; the screen shows the order's state.
    walletTransaction(paymentId, payer).then(
      (transaction) => current && setBuilt({ for: `${payer} ${payment}`, transaction }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [paymentId, payer, payment]);
  if (!payer) return <TonConnectButton />;
  const transaction = built?.for === wanted ? built.transaction : null;
  return (
    <button
      type="button"
      className="wz-button"
      data-testid="ton-connect-pay"
      disabled={!transaction}
      // The screen follows the payment live; a wallet that refuses or is closed leaves the order payable.
      onClick={() =>
        transaction &&
        void ui.sendTransaction({ validUntil: Math.floor(Date.now() / 1000) + VALID_SECONDS, messages: transaction.messages }).catch(() => undefined)
      }
    >
      {web.pay.payWithConnectedWallet}
    </button>
  );
}
