import { useEffect, useRef, type ReactNode } from 'react';
import type { TPaymentCreated, TPaymentStatus } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { amountToPay } from './checkout';
import { CancelRefused, ClosedPayment, Deadline, FailedActions, paymentView, QrCode, StatusHeadline, useNow, type PaymentView } from './PaymentScreen';
import { centsOf } from './format';
import { PayFields } from './PayFields';
import { WalletButtons } from './WalletButtons';

/**
 * The five-step wizard's payment overlay (spec section 2 "Payment overlay", section 4): processing
 * (amount and address with copy, QR and the wallet buttons, countdown with its bar, BACK and CANCEL), expired, completed,
 * failed. A modal dialog over step 4; the surface decides what each button does.
 */
export type OverlayState =
  | { kind: 'processing'; payment: TPaymentCreated; status: TPaymentStatus | null }
  | { kind: 'failed'; payment: TPaymentCreated | null; status: TPaymentStatus | null; message: string | null };

export interface PaymentOverlayProps {
  state: OverlayState;
  /** BACK: leave the payment (its address is released) and return to step 4. */
  onBack(): void;
  /** CANCEL: the same, and the payment, QR and amount are cleared. */
  onCancel(): void;
  /** 'Create New Payment' once the window has expired. */
  onNewPayment(): void;
  /** 'Start New Recharge' and 'Try Again'. */
  onStartOver(): void;
  /** 'Contact Support' on the failed overlay (absent: no support contact is configured). */
  onContactSupport?: () => void;
  onCopied?(what: 'amount' | 'address'): void;
  /** Called when the view changes (completed: the surface moves to its success step). */
  onViewChange?(view: PaymentView): void;
  /** A word on the failed overlay about where the payment's value went (balance, or held for an anonymous customer). */
  failedNote?: ReactNode;
  /** Why CANCEL did not cancel (the server's reason: funds arrived); shown as is. */
  notice?: string | null;
  /** Beside a refused creation: what it offers instead (switching to the number's operator). */
  refusalAction?: ReactNode;
}

export default function PaymentOverlay(props: PaymentOverlayProps) {
  const { state, onViewChange } = props;
  const { web } = useI18n();
  const payment = state.payment;
  const current = state.status?.status ?? payment?.status ?? 'failed';
  // After a partial payment the rest is taken until its own deadline.
  const deadline = payment ? Date.parse(amountToPay(payment, state.status).deadline) : 0;
  const time = useNow(Date.now, state.kind === 'processing' && (current === 'pending_crypto_payment' || current === 'confirming'));
  const msLeft = deadline - time;
  const view: PaymentView = state.kind === 'failed' ? 'failed' : paymentView(current, msLeft);
  useEffect(() => {
    onViewChange?.(view);
  }, [view, onViewChange]);

  const dialog = useRef<HTMLDivElement>(null);
  // A modal: focus moves into it when it opens or changes view, and Tab stays inside.
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [view]);
  const trapTab = (e: React.KeyboardEvent) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button, a[href], input, [tabindex="0"]')].filter((el) => !el.hasAttribute('disabled'));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === dialog.current.querySelector('h2'))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const title =
    view === 'expired'
      ? web.paymentExpired
      : view === 'completed'
        ? web.pay.completedTitle
        : view === 'failed'
          ? payment
            ? web.topupFailed
            : web.paymentFailed
          : view === 'cancelled'
            ? web.pay.paymentCancelled
            : web.pay.processingTitle;

  return (
    <div className="wz wz-overlay" role="presentation">
      <div
        className="wz-overlay-panel wz-step"
        role="dialog"
        aria-modal="true"
        aria-labelledby="wz-overlay-title"
        ref={dialog}
        onKeyDown={trapTab}
        data-view={view}
      >
        <h2 id="wz-overlay-title" className="wz-heading" tabIndex={-1}>
          {title}
        </h2>
        {view === 'waiting' || view === 'confirming' || view === 'processing' ? (
          <Processing {...props} payment={payment!} status={state.status} view={view} msLeft={msLeft} />
        ) : view === 'expired' || view === 'cancelled' ? (
          <div className="wz-result">
            <StatusHeadline view={view} status={state.status} />
            <ClosedPayment view={view} onNewPayment={props.onNewPayment} />
          </div>
        ) : view === 'completed' ? (
          <div className="wz-result">
            <div className="wz-success-icon" aria-hidden="true">
              ✓
            </div>
            <p>{web.pay.completedBody}</p>
            <button type="button" className="wz-button" onClick={props.onStartOver}>
              {web.startNewRecharge}
            </button>
          </div>
        ) : (
          <div className="wz-result">
            <StatusHeadline view="failed" status={state.status} />
            {payment ? (
              <>
                <p>{web.pay.failedReceived}</p>
                {props.failedNote && <p>{props.failedNote}</p>}
              </>
            ) : (
              <>
                <p role="alert">{state.kind === 'failed' && state.message ? state.message : web.paymentCreationFailed}</p>
                {props.refusalAction}
              </>
            )}
            <FailedActions onTryAgain={props.onStartOver} onContactSupport={props.onContactSupport} />
          </div>
        )}
      </div>
    </div>
  );
}

function Processing({
  payment,
  status,
  view,
  msLeft,
  onBack,
  onCancel,
  onCopied,
  notice,
}: PaymentOverlayProps & { payment: TPaymentCreated; status: TPaymentStatus | null; view: 'waiting' | 'confirming' | 'processing'; msLeft: number }) {
  const { common, web, usd } = useI18n();
  // After a partial payment: only the rest, with its own QR code and wallet links.
  const toPay = amountToPay(payment, status);
  return (
    <>
      <StatusHeadline view={view} status={status} />
      {notice && <CancelRefused message={notice} />}
      {view === 'waiting' && <Deadline msLeft={msLeft} deadline={toPay.deadline} />}
      {view === 'waiting' && (
        <div className="wz-overlay-pay">
          <div className="wz-overlay-fields">
            <PayFields toPay={toPay} amountLabel={web.pay.amount} onCopied={onCopied} />
            <WalletButtons links={toPay.walletLinks} paymentId={payment.paymentId} />
          </div>
          <QrCode uri={toPay.paymentUri} coin={{ symbol: toPay.coin, networkLabel: toPay.networkLabel }} />
        </div>
      )}
      <dl className="wz-summary">
        <div>
          <dt>{common.labels.total}</dt>
          <dd>
            {payment.cryptoAmount} {payment.cryptocurrency} ({web.pay.dollars({ amount: usd(centsOf(payment.totalAmount)) })})
          </dd>
        </div>
        <div>
          <dt>{common.labels.network}</dt>
          <dd>{payment.networkLabel}</dd>
        </div>
      </dl>
      {view === 'waiting' && (
        <div className="wz-overlay-actions">
          <button type="button" className="wz-button wz-button-secondary" onClick={onBack}>
            {web.pay.back}
          </button>
          <button type="button" className="wz-button wz-button-danger" onClick={onCancel}>
            {web.pay.cancelUpper}
          </button>
        </div>
      )}
    </>
  );
}
