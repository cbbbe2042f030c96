import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { manualTopupProgress } from '@topup/shared';
import { KEYS, refresh, useOrderDetail } from '../api/queries';
import { orderPath } from '../router';
import { useToast } from './Toaster';
import { Link } from './ui';

/**
 * A top-up an admin sent (a manual top-up, an order marked paid, a re-send), followed to its outcome:
 * "submitted" while the order waits for delivery, then what really happened, from the order's status
 * (the spec's 'Manual top-up processed successfully' only once it completed), also as a toast.
 */
export function DeliveryProgress({ orderId }: { orderId: number }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const order = useOrderDetail(orderId, { follow: true });
  const status = order.data?.story.order.status;
  const progress = status ? manualTopupProgress(orderId, status) : null;
  const told = useRef(false);
  useEffect(() => {
    if (!progress?.settled || told.current) return;
    told.current = true;
    toast({ title: progress.title, description: progress.description, variant: progress.ok ? 'default' : 'destructive' });
    // The figures and lists that count delivered and failed orders change with it.
    void refresh(queryClient, KEYS.stats, KEYS.orders, KEYS.unmatched, KEYS.users);
  }, [progress, toast, queryClient]);
  return (
    <p
      className={`delivery-progress${progress?.settled ? (progress.ok ? ' delivery-ok' : ' delivery-failed') : ''}`}
      role="status"
      data-testid="delivery-progress"
    >
      <span>
        {progress ? (
          <>
            <strong>{progress.title}</strong> {progress.description}
          </>
        ) : (
          `Order #${orderId}: looking for its status...`
        )}
      </span>{' '}
      <Link to={orderPath(orderId)}>Open order #{orderId}</Link>
    </p>
  );
}
