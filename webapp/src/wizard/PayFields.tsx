import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18n';
import type { amountToPay } from './checkout';
import { useCoinWords } from './coin-words';
import { copyText } from './copy';

/** A value to copy into a wallet (an amount, an address), with its copy button. */
export function CopyField({ label, value, display, onCopied, testId }: { label: string; value: string; display?: string; onCopied?(): void; testId: string }) {
  const { web } = useI18n();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);
  return (
    <div className="wz-copy">
      <span className="wz-label">{label}</span>
      <div className="wz-copy-row">
        <code data-testid={testId}>{display ?? value}</code>
        <button
          type="button"
          className="wz-button wz-button-small"
          onClick={() =>
            void copyText(value).then((ok) => {
              if (!ok) return;
              setCopied(true);
              onCopied?.();
            })
          }
        >
          {copied ? web.pay.copiedShort : web.pay.copy}
        </button>
      </div>
    </div>
  );
}

/** How to pay so that the payment is seen (tokens sent to the token contract are not). */
export function SendFromWallet() {
  const { web } = useI18n();
  return (
    <p className="wz-hint" data-testid="pay-from-wallet">
      {web.pay.fromWallet}
    </p>
  );
}

/** The coin and its network in words ("USDT on Polygon"), above the amount: a code alone does not say which network to send on. */
export function CoinOnNetwork({ coin }: { coin: { symbol: string; networkLabel: string } }) {
  return (
    <p className="wz-pay-coin" data-testid="pay-coin">
      {useCoinWords(coin)}
    </p>
  );
}

/**
 * What to send and where, as the payment screen and the overlay show it: the coin and its network in
 * words, the amount (after a partial payment only the rest), the address and, where many orders share
 * it (TON), the comment that names the order, each with its copy button, and how to send.
 */
export function PayFields({
  toPay,
  amountLabel,
  onCopied,
}: {
  toPay: ReturnType<typeof amountToPay>;
  /** The amount's label while nothing has arrived (each surface keeps its spec's word). */
  amountLabel: string;
  onCopied?: ((what: 'amount' | 'address') => void) | undefined;
}) {
  const { web } = useI18n();
  return (
    <>
      <CoinOnNetwork coin={{ symbol: toPay.coin, networkLabel: toPay.networkLabel }} />
      <CopyField
        label={toPay.partly ? web.order.restToSend : amountLabel}
        value={toPay.amount}
        display={`${toPay.amount} ${toPay.coin}`}
        onCopied={() => onCopied?.('amount')}
        testId="pay-amount"
      />
      <CopyField label={web.walletAddress} value={toPay.address} onCopied={() => onCopied?.('address')} testId="pay-address" />
      {toPay.memo && <CopyField label={web.paymentComment} value={toPay.memo} onCopied={() => onCopied?.('address')} testId="pay-comment" />}
      <SendFromWallet />
    </>
  );
}
