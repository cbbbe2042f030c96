import './pages.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { miniAppOrderLink, telegramShows } from '../../../../shared/src/links';
import { ApiError } from '../../api/client';
import { siteConfigQuery } from '../../api/queries';
import { useI18n } from '../../i18n/I18n';
import { rechargeAgainWizard } from '../../order/again';
import { stepShowing } from '../../wizard/checkout';
import { RECHARGE_STEPS, savedProgress } from './recharge/progress';
import { OrderStory, type StoryAction } from '../../order/OrderStory';
import { storyQuery } from '../../order/queries';
import { useToast } from '../../components/Toast';
import { usePageMeta } from '../meta';
import { Link, navigate, useLocation } from '../router';
import { openSupportChat } from '../support';

/** The payment id of /orders/{paymentId}. */
export const orderPagePaymentId = (pathname: string) => decodeURIComponent(pathname.split('/')[2] ?? '');

/**
 * /orders/{paymentId}: the order's story. The receipts' links carry `?token=` (the
 * read-only token); this browser's own orders and a signed-in customer's need none. Live while the
 * order moves.
 */
export default function Order() {
  const { web } = useI18n();
  const location = useLocation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const paymentId = orderPagePaymentId(location.pathname);
  const token = new URLSearchParams(location.search).get('token');
  const story = useQuery(storyQuery(paymentId, token));
  // Share and come back: the same order in the mini-app, where the server knows its t.me link, when
  // Telegram's rules let the mini-app show how it is paid (its coin's network is one Telegram shows).
  const site = useQuery(siteConfigQuery()).data;
  const network = story.data?.order.network;
  const miniAppLink = site && story.data && (network == null || telegramShows(site.telegramNetworks, network)) ? site.miniAppLink : null;
  usePageMeta(story.data ? web.order.title({ orderId: story.data.order.orderId }) : web.order.viewOrder);

  const act = async (next: StoryAction) => {
    switch (next.action) {
      case 'open_balance':
        return navigate('/dashboard');
      case 'sign_in': {
        // Back to this page (its token too) once signed in (safeNext), the order's address already in the e-mail field.
        const query = new URLSearchParams({ next: location.pathname + location.search, ...(next.email ? { email: next.email } : {}) });
        return navigate(`/sign-in?${query}`);
      }
      case 'contact_support':
        return openSupportChat({ paymentId });
      case 'new_recharge': {
        if (next.recharge.kind === 'balance_topup') return navigate('/add-balance');
        const again = await rechargeAgainWizard(queryClient, next.recharge);
        return navigate('/recharge', { state: { recharge: savedProgress(again.wizard, stepShowing(RECHARGE_STEPS, again.step), null) } });
      }
    }
  };

  const notFound = story.error instanceof ApiError && (story.error.status === 404 || story.error.status === 403);
  return (
    <div className="page order-page">
      <div className="container narrow">
        <p className="order-page-links">
          <Link to="/orders">‹ {web.order.allOrders}</Link>
          {miniAppLink && (
            <a href={miniAppOrderLink(miniAppLink, paymentId)} target="_blank" rel="noopener noreferrer" data-testid="open-in-telegram">
              {web.order.openInTelegram}
            </a>
          )}
        </p>
        <div className="wz wizard-card">
          {story.isPending ? (
            <p role="status" aria-busy="true">
              {web.order.loading}
            </p>
          ) : story.isError ? (
            <p className="wz-notice wz-notice-error" role="alert">
              {notFound ? web.order.notFound : web.order.loadFailed}
            </p>
          ) : (
            <OrderStory
              story={story.data}
              onAction={(next) => void act(next)}
              onContactSupport={() => openSupportChat({ paymentId })}
              onCopied={() => toast({ title: web.copied, duration: 2000 })}
            />
          )}
        </div>
      </div>
    </div>
  );
}
