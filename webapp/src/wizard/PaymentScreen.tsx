import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import type { TAmountOption, TPaymentCreated, TPaymentStatus } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import type { WebMessages } from '../shared';
import { formatCountdown, PAYMENT_WINDOW_MS } from '../shared';
import { amountToPay } from './checkout';
import { useCoinWords } from './coin-words';
import { centsOf } from './format';
import { PayFields } from './PayFields';
import { Delivered, OverpaidNote } from './SuccessFacts';
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
    case 'pending_crypto_payment':
      // A payment seen before the end is accepted, so only "nothing seen" expires with the countdown.
      return msLeft <= 0 ? 'expired' : 'waiting';
  }
  // Every status is named above: a new one fails to compile here rather than show as waiting.
  return status satisfies never;
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
  /** The amount chosen (its local money, shown on success); null when not known. */
  amountOption?: Pick<TAmountOption, 'localAmount' | 'currencyCode'> | null;
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
  const box = useRef<HTMLDivElement>(null);
  // It is drawn at the top while Cancel is at the bottom: brought to where the customer looks, or nothing seems to happen.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.focus({ preventScroll: true });
  }, [message]);
  return (
    <div className="wz-notice wz-notice-error" role="alert" data-testid="cancel-refused" ref={box} tabIndex={-1}>
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
  const { web } = useI18n();
  const { onViewChange } = props;
  useEffect(() => {
    onViewChange?.(view);
  }, [view, onViewChange]);

  if (view === 'completed') return <Success {...props} transactionId={status?.providerTransactionId ?? null} />;
  return (
    <section className="wz-step wz-payment" aria-labelledby="wz-payment-heading">
      <h2 id="wz-payment-heading" className="wz-heading">
        {web.completePayment}
      </h2>
      <StatusHeadline view={view} status={status} />
      {props.notice && <CancelRefused message={props.notice} />}
      {view === 'expired' || view === 'cancelled' ? (
        <div className="wz-result">
          <ClosedPayment view={view} onNewPayment={props.onNewPayment} />
        </div>
      ) : view === 'failed' ? (
        <div className="wz-result">
          <p>{web.failedBody}</p>
          <FailedActions onTryAgain={props.onNewPurchase} onContactSupport={props.onContactSupport} />
        </div>
      ) : (
        <>
          {view === 'waiting' && (
            <>
              <Deadline msLeft={msLeft} deadline={toPay.deadline} />
              {/* What to send, and on which network, first; then the QR code that carries it. */}
              <PayFields toPay={toPay} amountLabel={web.amountToSend} onCopied={props.onCopied} />
              <QrCode uri={toPay.paymentUri} coin={{ symbol: toPay.coin, networkLabel: toPay.networkLabel }} />
              <WalletButtons links={toPay.walletLinks} paymentId={payment.paymentId} open={props.openLink} />
            </>
          )}
          <Details {...props} />
          {view === 'waiting' && (
            <>
              <div className="wz-important">
                <strong>{web.important}</strong>
                <ul>
                  <li>{web.sendExactAmount}</li>
                  <li>{web.expiresIn6}</li>
                  <li>{web.processedAutomatically}</li>
                  <li>{web.doNotClose}</li>
                </ul>
              </div>
              <button type="button" className="wz-button wz-button-danger" onClick={props.onCancel}>
                {web.pay.cancel}
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** An expired or cancelled payment: what happened to its address, and a new payment request. */
export function ClosedPayment({ view, onNewPayment }: { view: 'expired' | 'cancelled'; onNewPayment(): void }) {
  const { web } = useI18n();
  return (
    <>
      {view === 'expired' ? (
        <p>
          <strong>{web.paymentWindowExpired}</strong> {web.expiredBody}
        </p>
      ) : (
        <p>{web.cancelledBody}</p>
      )}
      <button type="button" className="wz-button" onClick={onNewPayment}>
        {web.createNewPayment}
      </button>
    </>
  );
}

/** A failed payment's actions: try again, and contact support where the surface offers it. */
export function FailedActions({ onTryAgain, onContactSupport }: { onTryAgain(): void; onContactSupport?: (() => void) | undefined }) {
  const { web } = useI18n();
  return (
    <>
      <button type="button" className="wz-button" onClick={onTryAgain}>
        {web.tryAgain}
      </button>
      {onContactSupport && (
        <button type="button" className="wz-button wz-button-secondary" onClick={onContactSupport}>
          {web.pay.contactSupport}
        </button>
      )}
    </>
  );
}

/** Icon (null: a spinner), headline and hint per view (spec section 4's texts where it has them). */
const headlines = (web: WebMessages): Record<Exclude<PaymentView, 'completed'>, [icon: string | null, text: string, hint?: string]> => ({
  waiting: [null, web.waitingForPayment, web.sendToComplete],
  confirming: [null, web.paymentDetected, web.pay.confirmingHint],
  processing: [null, web.paymentReceived, web.pay.processingHint],
  failed: ['✕', web.topupFailed],
  expired: ['!', web.paymentExpired],
  cancelled: ['✕', web.pay.paymentCancelled],
});

export function StatusHeadline({ view, status }: { view: Exclude<PaymentView, 'completed'>; status: TPaymentStatus | null }) {
  const { web } = useI18n();
  const [icon, text, hint] = headlines(web)[view];
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
            {web.pay.confirmations({ n: Math.min(status.confirmations, status.requiredConfirmations), m: status.requiredConfirmations })}
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
  if (d.flags.wrongCoin && d.credit && status.toPay) return <WrongCoin toPay={status.toPay} credit={d.credit} />;
  return (
    <p className="wz-hint" data-testid="pay-truth">
      {web.order.sentence({ display: d, time: (iso) => dateTime(iso), usd })}
    </p>
  );
}

/** Another coin arrived while the order still waits for its own: named, where its value is, and what to send (a second payment in it would be credited too). */
function WrongCoin({ toPay, credit }: { toPay: NonNullable<TPaymentStatus['toPay']>; credit: NonNullable<TPaymentStatus['display']['credit']> }) {
  const { web, usd } = useI18n();
  const expected = useCoinWords({ symbol: toPay.coin, networkLabel: toPay.networkLabel });
  return (
    <p className="wz-notice wz-notice-warning" data-testid="pay-wrong-coin">
      {web.pay.wrongCoin({ expected, amount: usd(credit.amount), held: credit.place === 'held', due: toPay.amount })}
    </p>
  );
}

export function Countdown({ msLeft }: { msLeft: number }) {
  const { web } = useI18n();
  const tone = countdownTone(msLeft);
  const share = Math.max(0, Math.min(1, msLeft / PAYMENT_WINDOW_MS));
  return (
    <div className={`wz-countdown wz-countdown-${tone}`} role="timer" aria-label={web.pay.timeLeft}>
      <span className="wz-countdown-time">{formatCountdown(msLeft)}</span>
      <div className="wz-countdown-bar" aria-hidden="true">
        <span style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

export function QrCode({ uri, coin }: { uri: string; coin: { symbol: string; networkLabel: string } }) {
  const { web } = useI18n();
  const currency = useCoinWords(coin);
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
      {src ? <img src={src} alt={web.pay.qrAlt} width={240} height={240} /> : <div className="wz-qr-placeholder wz-skeleton" />}
      <figcaption>{web.scanWith({ currency })}</figcaption>
    </figure>
  );
}

function Details({ payment, phoneNumber }: PaymentScreenProps) {
  const { common, web, usd, time } = useI18n();
  const l = common.labels;
  const dollars = (amount: number) => web.pay.dollars({ amount: usd(centsOf(amount)) });
  return (
    <dl className="wz-summary">
      <div>
        <dt>{web.topupAmount}</dt>
        <dd>{dollars(payment.amount)}</dd>
      </div>
      <div>
        <dt>{l.fee}</dt>
        <dd>{dollars(payment.serviceFee)}</dd>
      </div>
      <div className="wz-total">
        <dt>{l.total}</dt>
        <dd>
          {dollars(payment.totalAmount)} ({payment.cryptoAmount} {payment.cryptocurrency})
        </dd>
      </div>
      <div>
        <dt>{l.phone}</dt>
        <dd>{phoneNumber}</dd>
      </div>
      <div>
        <dt>{l.network}</dt>
        <dd>{payment.networkLabel}</dd>
      </div>
      <div>
        <dt>{web.expiresAt}</dt>
        <dd>{time(payment.expiresAt)}</dd>
      </div>
    </dl>
  );
}

function Success({ payment, status, amountOption, phoneNumber, transactionId, onNewPurchase }: PaymentScreenProps & { transactionId: string | null }) {
  const { common, web, usd } = useI18n();
  return (
    <section className="wz-step wz-success" aria-labelledby="wz-success-heading">
      <div className="wz-success-icon" aria-hidden="true">
        ✓
      </div>
      <p className="wz-status-text" role="status" data-status="completed">
        {web.topupCompleted}
      </p>
      <h2 id="wz-success-heading" className="wz-heading">
        {web.success}
      </h2>
      <p>{web.sentTo}</p>
      <p className="wz-success-phone">{phoneNumber}</p>
      <p className="wz-success-amount">
        {amountOption ? <Delivered option={amountOption} usd={payment.amount} /> : web.pay.dollars({ amount: usd(centsOf(payment.amount)) })}
      </p>
      <OverpaidNote status={status} />
      {transactionId && (
        <p className="wz-hint">
          {web.pay.transactionId}
          {common.colon} <code data-testid="transaction-id">{transactionId}</code>
        </p>
      )}
      <button type="button" className="wz-button" onClick={onNewPurchase}>
        {web.makeAnotherPurchase}
      </button>
    </section>
  );
}
