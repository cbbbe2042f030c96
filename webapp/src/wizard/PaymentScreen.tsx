import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import type { TPaymentCreated, TPaymentStatus } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { formatCountdown, formatUsd, PAYMENT_WINDOW_MS, SEND_FROM_WALLET_NOTE } from '../shared';
import { amountToPay } from './checkout';
import { copyText } from './copy';
import { centsOf, usd } from './format';
import { WalletButtons } from './WalletButtons';

export type PaymentView = 'waiting' | 'confirming' | 'processing' | 'completed' | 'failed' | 'expired' | 'cancelled';

/**
 * What the screen shows for the order's status (spec section 4), the countdown having ended or not.
 * `msLeft` counts to what the customer can still do: the window's end, or after a partial payment the
 * end of the watch (the rest is taken until then).
 */
export function paymentView(status: TPaymentStatus['status'], msLeft: number): PaymentView {
  switch (status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'payment_expired':
      return 'expired';
    case 'confirming':
      return 'confirming';
    case 'paid':
    case 'processing':
      return 'processing';
    default:
      // A payment seen before the end is accepted, so only "nothing seen" expires with the countdown.
      return msLeft <= 0 ? 'expired' : 'waiting';
  }
}

/** Spec section 4: green above 2 full minutes left, orange at 2, red (pulsing) at 1 or less. */
export function countdownTone(msLeft: number): 'green' | 'orange' | 'red' {
  const minutes = Math.floor(Math.max(0, msLeft) / 60_000);
  return minutes > 2 ? 'green' : minutes === 2 ? 'orange' : 'red';
}

export interface PaymentScreenProps {
  payment: TPaymentCreated;
  /** The latest live status; null until the first one arrives. */
  status: TPaymentStatus | null;
  /** The recipient, with its dial code. */
  phoneNumber: string;
  onCancel(): void;
  onNewPayment(): void;
  onNewPurchase(): void;
  onContactSupport?(): void;
  onCopied?(what: 'amount' | 'address'): void;
  /** Called once when the screen changes view (for haptics, say). */
  onViewChange?(view: PaymentView): void;
  /** Opens a wallet link instead of the browser (the mini-app: through Telegram). */
  openLink?(url: string): void;
  /** Why Cancel did not cancel (the server's reason: funds arrived); shown as is. */
  notice?: string | null;
  now?: () => number;
}

/** The server's reason Cancel did not cancel the order (funds arrived, and what happens to them), as it said it. */
export function CancelRefused({ message }: { message: string }) {
  const { web } = useI18n();
  return (
    <div className="wz-notice wz-notice-error" role="alert" data-testid="cancel-refused">
      <strong>{web.order.notCancelled}</strong>
      <p>{message}</p>
    </div>
  );
}

/** The countdown while the window runs; after it (a partial payment's rest is taken longer) the moment to send by. */
export function Deadline({ msLeft, deadline }: { msLeft: number; deadline: string }) {
  const { web, dateTime } = useI18n();
  if (msLeft <= PAYMENT_WINDOW_MS) return <Countdown msLeft={msLeft} />;
  return <p className="wz-hint">{web.order.sendBefore({ time: dateTime(deadline) })}</p>;
}

export function useNow(now: () => number, running: boolean): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    if (!running) return;
    // The spec's countdown ticks every second.
    const id = setInterval(() => setTime(now()), 1000);
    return () => clearInterval(id);
  }, [now, running]);
  return time;
}

/** The payment screen 'Complete Payment': QR and the wallet buttons, amount and address with copy, countdown, live status, result. */
export default function PaymentScreen(props: PaymentScreenProps) {
  const { payment, status, now = Date.now } = props;
  const current = status?.status ?? payment.status;
  const toPay = amountToPay(payment, status);
  const time = useNow(now, current === 'pending_crypto_payment' || current === 'confirming');
  const msLeft = Date.parse(toPay.deadline) - time;
  const view = paymentView(current, msLeft);
  const { onViewChange } = props;
  useEffect(() => {
    onViewChange?.(view);
  }, [view, onViewChange]);

  if (view === 'completed') return <Success {...props} transactionId={status?.providerTransactionId ?? null} />;
  return (
    <section className="wz-step wz-payment" aria-labelledby="wz-payment-heading">
      <h2 id="wz-payment-heading" className="wz-heading">
        Complete Payment
      </h2>
      <StatusHeadline view={view} status={status} />
      {props.notice && <CancelRefused message={props.notice} />}
      {view === 'expired' || view === 'cancelled' ? (
        <div className="wz-result">
          <ClosedPayment view={view} onNewPayment={props.onNewPayment} />
        </div>
      ) : view === 'failed' ? (
        <div className="wz-result">
          <p>Your payment was received but the recharge could not be completed. Its value has been credited to your balance.</p>
          <FailedActions onTryAgain={props.onNewPurchase} onContactSupport={props.onContactSupport} />
        </div>
      ) : (
        <>
          {view === 'waiting' && <Deadline msLeft={msLeft} deadline={toPay.deadline} />}
          {view === 'waiting' && <QrCode uri={toPay.paymentUri} currency={toPay.coin} />}
          {view === 'waiting' && <WalletButtons links={toPay.walletLinks} open={props.openLink} />}
          <Details {...props} view={view} />
          {view === 'waiting' && (
            <>
              <div className="wz-important">
                <strong>Important</strong>
                <ul>
                  <li>Send the exact amount shown above.</li>
                  <li>The payment expires in 6 minutes.</li>
                  <li>Your top-up is processed automatically.</li>
                  <li>Do not close this page until the payment is confirmed.</li>
                </ul>
              </div>
              <button type="button" className="wz-button wz-button-danger" onClick={props.onCancel}>
                Cancel
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Icon (null: a spinner), headline and hint per view (spec section 4's texts where it has them). */
/** An expired or cancelled payment: what happened to its address, and a new payment request. */
export function ClosedPayment({ view, onNewPayment }: { view: 'expired' | 'cancelled'; onNewPayment(): void }) {
  return (
    <>
      {view === 'expired' ? (
        <p>
          <strong>Payment Window Expired.</strong> Your 6-minute payment window has expired. The wallet address is no longer reserved. Please create a new
          payment request to continue.
        </p>
      ) : (
        <p>This payment was cancelled. The wallet address is no longer reserved.</p>
      )}
      <button type="button" className="wz-button" onClick={onNewPayment}>
        Create New Payment
      </button>
    </>
  );
}

/** A failed payment's actions: try again, and contact support where the surface offers it. */
export function FailedActions({ onTryAgain, onContactSupport }: { onTryAgain(): void; onContactSupport?: (() => void) | undefined }) {
  return (
    <>
      <button type="button" className="wz-button" onClick={onTryAgain}>
        Try Again
      </button>
      {onContactSupport && (
        <button type="button" className="wz-button wz-button-secondary" onClick={onContactSupport}>
          Contact Support
        </button>
      )}
    </>
  );
}

const HEADLINES: Record<Exclude<PaymentView, 'completed'>, [icon: string | null, text: string, hint?: string]> = {
  waiting: [null, 'Waiting for Payment...', 'Send payment to complete your top-up'],
  confirming: [null, 'Payment Detected - Confirming...', 'Your payment is on the chain; waiting for confirmations'],
  processing: [null, 'Payment Received - Processing Top-up...', 'Your top-up is being sent'],
  failed: ['✕', 'Top-up Failed'],
  expired: ['!', 'Payment Expired'],
  cancelled: ['✕', 'Payment Cancelled'],
};

export function StatusHeadline({ view, status }: { view: Exclude<PaymentView, 'completed'>; status: TPaymentStatus | null }) {
  const [icon, text, hint] = HEADLINES[view];
  return (
    <div className={`wz-status wz-status-${view}`} role="status" aria-live="polite" data-status={view}>
      <span className={icon ? 'wz-status-icon' : 'wz-status-icon wz-spinner'} aria-hidden="true">
        {icon}
      </span>
      <div>
        <strong className="wz-status-text">{text}</strong>
        {hint && <p className="wz-hint">{hint}</p>}
        {view === 'confirming' && status && (
          <p className="wz-confirmations">
            Confirmations: {Math.min(status.confirmations, status.requiredConfirmations)} of {status.requiredConfirmations}
          </p>
        )}
        {status && <DisplayTruth status={status} />}
      </div>
    </div>
  );
}

/**
 * What the order's display says when it is off the happy path (part paid, credited, another coin
 * sent): the shared sentence in the page's language, so the screen never says less than the truth.
 */
function DisplayTruth({ status }: { status: TPaymentStatus }) {
  const { web, usd, dateTime } = useI18n();
  const d = status.display;
  const offPath = d.state === 'partly_paid' || d.state === 'expired_credited' || d.state === 'failed_credited' || d.credit !== null;
  if (!offPath) return null;
  return (
    <p className="wz-hint" data-testid="pay-truth">
      {web.order.sentence({ display: d, time: (iso) => dateTime(iso), usd })}
    </p>
  );
}

export function Countdown({ msLeft }: { msLeft: number }) {
  const tone = countdownTone(msLeft);
  const share = Math.max(0, Math.min(1, msLeft / PAYMENT_WINDOW_MS));
  return (
    <div className={`wz-countdown wz-countdown-${tone}`} role="timer" aria-label="Time left to pay">
      <span className="wz-countdown-time">{formatCountdown(msLeft)}</span>
      <div className="wz-countdown-bar" aria-hidden="true">
        <span style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

export function QrCode({ uri, currency }: { uri: string; currency: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 1, width: 240, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch((err: unknown) => console.error('QR code', err));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <figure className="wz-qr">
      {src ? <img src={src} alt="Payment QR code" width={240} height={240} /> : <div className="wz-qr-placeholder wz-skeleton" />}
      <figcaption>Scan with your {currency} wallet app</figcaption>
    </figure>
  );
}

export function CopyField({ label, value, display, onCopied, testId }: { label: string; value: string; display?: string; onCopied?(): void; testId: string }) {
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
          {copied ? 'COPIED' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

/** How to pay so that the payment is seen (tokens sent to the token contract are not). */
export function SendFromWallet() {
  return (
    <p className="wz-hint" data-testid="pay-from-wallet">
      {SEND_FROM_WALLET_NOTE}
    </p>
  );
}

function Details({ payment, status, phoneNumber, onCopied, view }: PaymentScreenProps & { view: PaymentView }) {
  const { web } = useI18n();
  const toPay = amountToPay(payment, status);
  return (
    <>
      {view === 'waiting' && (
        <>
          <CopyField
            label={toPay.partly ? web.order.restToSend : 'Amount to send'}
            value={toPay.amount}
            display={`${toPay.amount} ${toPay.coin}`}
            onCopied={() => onCopied?.('amount')}
            testId="pay-amount"
          />
          <CopyField label="Wallet address" value={toPay.address} onCopied={() => onCopied?.('address')} testId="pay-address" />
          <SendFromWallet />
        </>
      )}
      <dl className="wz-summary">
        <div>
          <dt>Top-up amount</dt>
          <dd>{usd(payment.amount)} USD</dd>
        </div>
        <div>
          <dt>Service fee</dt>
          <dd>{usd(payment.serviceFee)} USD</dd>
        </div>
        <div className="wz-total">
          <dt>Total</dt>
          <dd>
            {formatUsd(centsOf(payment.totalAmount))} USD ({payment.cryptoAmount} {payment.cryptocurrency})
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{phoneNumber}</dd>
        </div>
        <div>
          <dt>Network</dt>
          <dd>{payment.networkLabel}</dd>
        </div>
        <div>
          <dt>Expires at</dt>
          <dd>{new Date(payment.expiresAt).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}</dd>
        </div>
      </dl>
    </>
  );
}

function Success({ payment, phoneNumber, transactionId, onNewPurchase }: PaymentScreenProps & { transactionId: string | null }) {
  return (
    <section className="wz-step wz-success" aria-labelledby="wz-success-heading">
      <div className="wz-success-icon" aria-hidden="true">
        ✓
      </div>
      <p className="wz-status-text" role="status" data-status="completed">
        Top-up Completed!
      </p>
      <h2 id="wz-success-heading" className="wz-heading">
        Success!
      </h2>
      <p>Your airtime has been successfully sent to</p>
      <p className="wz-success-phone">{phoneNumber}</p>
      <p className="wz-success-amount">{usd(payment.amount)} USD</p>
      {transactionId && (
        <p className="wz-hint">
          Transaction ID: <code data-testid="transaction-id">{transactionId}</code>
        </p>
      )}
      <button type="button" className="wz-button" onClick={onNewPurchase}>
        Make Another Purchase
      </button>
    </section>
  );
}
