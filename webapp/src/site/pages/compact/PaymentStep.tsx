import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from '../../../api/queries';
import { useToast } from '../../../components/Toast';
import { useI18n } from '../../../i18n/I18n';
import type { WebMessages } from '../../../shared';
import { createErrorText, Notice, onChain, type Checkout } from '../../../wizard';
import { SwitchOperator } from '../../../wizard/SwitchOperator';
import { PageLoading } from '../../components/PageLoading';
import { SITE_NAME } from '../../meta';
import { navigate } from '../../router';
import { whatsappLink } from '../../support';

const PaymentScreen = lazy(() => import('../../../wizard/PaymentScreen'));

/** The compact flow's creation failure (spec: only a console error; the screen says no payment was made). */
const words = (web: WebMessages) => ({
  refused: (message: string) => web.paymentCreationFailedWith({ message }),
  failed: (status: number | null) => (status ? web.paymentCreationFailedWith({ message: String(status) }) : web.paymentCreationFailed),
  busy: web.walletBusy,
});

/** Step 6, 'Payment': being created, the shared payment screen, or 'No payment data found' with Go Back. */
export function PaymentStep({ checkout, onNewPurchase }: { checkout: Checkout; onNewPurchase(): void }) {
  const { web } = useI18n();
  const toast = useToast();
  const support = useQuery(siteConfigQuery()).data?.support;
  const { payment, status, createError } = checkout.state;
  if (payment && onChain(payment)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PaymentScreen
          payment={payment}
          status={status}
          amountOption={checkout.state.wizard.amount}
          phoneNumber={checkout.number}
          onCancel={() => void checkout.leave('cancel')}
          onNewPayment={() => {
            void checkout.leave();
            void checkout.pay();
          }}
          notice={checkout.state.notice}
          onNewPurchase={onNewPurchase}
          onContactSupport={() => {
            const link = whatsappLink(support?.whatsapp, web.pages.chat.whatsappGreeting({ site: SITE_NAME }));
            if (link) window.open(link, '_blank', 'noopener');
            else navigate('/contact');
          }}
          onCopied={() => toast({ title: web.copied, duration: 2000 })}
        />
      </Suspense>
    );
  }
  if (createError) {
    return (
      <div className="wz-result" role="alert">
        <Notice kind="error">{web.pay.noPaymentData}</Notice>
        <p className="wz-hint">{createErrorText(createError, words(web))}</p>
        {/* Back on the review with the number's operator; on the amount step when that operator does not take the amount. */}
        {createError.mismatch && <SwitchOperator checkout={checkout} mismatch={createError.mismatch} onSwitched={(kept) => !kept && checkout.goTo(3)} />}
        <button type="button" className="wz-button" onClick={() => void checkout.leave()}>
          {web.goBack}
        </button>
      </div>
    );
  }
  return (
    <div className="page-loading small" role="status" aria-label={web.pay.creatingPayment}>
      <span className="spinner" aria-hidden="true" />
      <p className="wz-hint">{web.pay.creatingPayment}…</p>
    </div>
  );
}
