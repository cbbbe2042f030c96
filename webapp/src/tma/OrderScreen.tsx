import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { siteConfigQuery } from '../api/queries';
import { useToast } from '../components/Toast';
import { useI18n } from '../i18n/I18n';
import { rechargeAgainWizard } from '../order/again';
import { OrderStory, type StoryAction } from '../order/OrderStory';
import { storyQuery } from '../order/queries';
import type { WizardMove } from '../wizard/state';
import { haptics } from './telegram';

/** Where support is reached from the mini-app: the support Telegram handle, else the support e-mail. */
function supportUrl(support: { email?: string | null; telegram?: string | null } | undefined, reference: string): string | null {
  if (support?.telegram) return /^https?:\/\//.test(support.telegram) ? support.telegram : `https://t.me/${support.telegram.replace(/^@/, '')}`;
  if (support?.email) return `mailto:${support.email}?subject=${encodeURIComponent(reference)}`;
  return null;
}

/**
 * The mini-app's order view: the same story as the site's order page (../order/OrderStory.tsx), for
 * the Telegram user of the init data. Opened from the orders screen or by `startapp=order_<paymentId>`.
 */
export default function OrderScreen(props: {
  paymentId: string;
  onShowOrders(): void;
  /** The wizard filled in from the order, and its step to open on. */
  onRechargeAgain(again: WizardMove): void;
  openLink(url: string): void;
}) {
  const { web } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const story = useQuery(storyQuery(props.paymentId, null));
  const support = useQuery(siteConfigQuery()).data?.support;
  const reference = story.data?.support.reference ?? props.paymentId;
  const contactSupport = () => {
    const url = supportUrl(support, reference);
    if (url) props.openLink(url);
  };

  const act = async (next: StoryAction) => {
    switch (next.action) {
      case 'open_balance':
      case 'sign_in':
        // The Telegram user is the customer: a held credit is theirs at their next call; the orders screen shows the balance.
        return props.onShowOrders();
      case 'contact_support':
        return contactSupport();
      case 'new_recharge':
        return props.onRechargeAgain(await rechargeAgainWizard(queryClient, next.recharge));
    }
  };

  if (story.isPending)
    return (
      <p className="wz-notice" role="status" aria-busy="true">
        {web.order.loading}
      </p>
    );
  if (story.isError) {
    const notFound = story.error instanceof ApiError && (story.error.status === 404 || story.error.status === 403);
    return (
      <p className="wz-notice wz-notice-error" role="alert">
        {notFound ? web.order.notFound : web.order.loadFailed}
      </p>
    );
  }
  return (
    <section className="wz-step tma-order-view">
      <OrderStory
        story={story.data}
        onAction={(next) => void act(next)}
        onContactSupport={contactSupport}
        openLink={props.openLink}
        onCopied={() => {
          haptics.select();
          toast({ title: web.copied, duration: 2000 });
        }}
      />
    </section>
  );
}
