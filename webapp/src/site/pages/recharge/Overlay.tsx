import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { TSiteConfig } from '@topup/shared';
import { useToast, useToastsOnTop } from '../../../components/Toast';
import { useI18n } from '../../../i18n/I18n';
import type { OverlayState } from '../../../wizard/PaymentOverlay';
import { PageLoading } from '../../components/PageLoading';
import { Link } from '../../router';
import { openSupportChat, whatsappLink } from '../../support';

export const loadOverlay = () => import('../../../wizard/PaymentOverlay');
const PaymentOverlay = lazy(loadOverlay);

export interface RechargeOverlayProps {
  state: OverlayState;
  signedIn: boolean;
  support: TSiteConfig['support'] | undefined;
  onLeave(how: 'back' | 'cancel'): void;
  /** 'Create New Payment' once the window has passed. */
  onNewPayment(): void;
  onStartOver(): void;
  /** Why CANCEL did not cancel (the server's reason). */
  notice: string | null;
  /** Beside a refused creation (switching to the number's operator). */
  refusalAction?: ReactNode;
}

/** The payment overlay of step 4, modal over the page (spec section 2, "Payment overlay"). */
export function RechargeOverlay({ state, signedIn, support, onLeave, onNewPayment, onStartOver, notice, refusalAction }: RechargeOverlayProps) {
  const { web } = useI18n();
  const toast = useToast();
  useInertBehind();
  const contactSupport = () => {
    const link = whatsappLink(support?.whatsapp, web.pay.supportGreeting({ paymentId: state.payment?.paymentId ?? '' }));
    if (link) window.open(link, '_blank', 'noopener');
    else openSupportChat(state.payment ? { paymentId: state.payment.paymentId } : {});
  };
  return createPortal(
    <Suspense fallback={<PageLoading />}>
      <PaymentOverlay
        state={state}
        onBack={() => onLeave('back')}
        onCancel={() => onLeave('cancel')}
        onNewPayment={onNewPayment}
        onStartOver={onStartOver}
        onContactSupport={contactSupport}
        notice={notice}
        refusalAction={refusalAction}
        onCopied={() => toast({ title: web.copied, duration: 2000 })}
        failedNote={
          signedIn ? (
            web.pay.creditedNote
          ) : (
            <>
              {web.pay.keptBefore}
              <Link to="/sign-in">{web.pay.keptLink}</Link>
              {web.pay.keptAfter}
            </>
          )
        }
      />
    </Suspense>,
    document.body,
  );
}

/** The overlay is modal: the page behind it can be neither reached nor read until it closes (the support widget stays usable, above it). */
function useInertBehind() {
  useToastsOnTop(true);
  useEffect(() => {
    const behind = [...document.querySelectorAll('.site-header, .site-main, .site-footer')];
    behind.forEach((el) => el.setAttribute('inert', ''));
    document.body.classList.add('modal-open');
    return () => {
      behind.forEach((el) => el.removeAttribute('inert'));
      document.body.classList.remove('modal-open');
    };
  }, []);
}
