import { queryOptions } from '@tanstack/react-query';
import type { TOrderStory } from '@topup/shared';
import type { TDisplayState } from '../shared';
import { apiRequest } from '../api/client';

/** States in which the story still moves by itself (payments arriving, a top-up on its way). */
const MOVING: ReadonlySet<TDisplayState> = new Set(['awaiting_payment', 'partly_paid', 'confirming', 'paid', 'delivering']);

/** How often the order page asks again while the order moves (the payment screens' status poll is 5 s). */
export const STORY_REFRESH_MS = 3000;

export const isMoving = (story: Pick<TOrderStory, 'display'>) => MOVING.has(story.display.state);

/**
 * GET /api/orders/{ref}/story: `token` is the link's (the order token, or a receipt's read-only
 * token); without it the caller's own proof goes (the site's order tokens, its session, the mini-app's
 * init data). Asked again every STORY_REFRESH_MS until the order stops moving.
 */
export const storyQuery = (paymentId: string, token: string | null) =>
  queryOptions({
    queryKey: ['/api/orders', paymentId, 'story', token],
    queryFn: ({ signal }) => {
      const query = token ? `?token=${encodeURIComponent(token)}` : '';
      return apiRequest(`/api/orders/${encodeURIComponent(paymentId)}/story${query}`, (s) => s.ZOrderStory, { signal, expected: [403, 404] });
    },
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data && isMoving(query.state.data) ? STORY_REFRESH_MS : false),
  });
