import type { ProviderPromotion } from '../provider';

/**
 * A handful of sandbox promotions on sandbox operators. Their dates follow the clock (from a few days
 * ago to a few weeks ahead) so the sandbox always has current promotions to show.
 */

// id, operator id, title, description, discount percent, start and end in days from today
type Row = [number, number, string, string, number | null, number, number];
const ROWS: Row[] = [
  [1, 53, 'MTN Cameroon bonus', '10% off every MTN Cameroon top-up.', 10, -7, 30],
  [2, 141, 'MTN Nigeria weekend', 'Double airtime on MTN Nigeria top-ups from Friday to Sunday.', null, -3, 14],
  [3, 131, 'Globe Philippines saver', '5% off Globe Philippines top-ups.', 5, -10, 20],
  [4, 191, 'Safaricom Kenya special', '15% off Safaricom Kenya top-ups of $10 or more.', 15, -1, 10],
  [5, 111, 'Telcel Mexico data gift', 'Every Telcel Mexico top-up comes with 1 GB of data.', null, -5, 25],
  [6, 54, 'Orange Cameroon week', '8% off Orange Cameroon top-ups this week.', 8, 0, 7],
];

const DAY_MS = 24 * 60 * 60 * 1000;

export function sandboxPromotions(nowMs: number): ProviderPromotion[] {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString();
  return ROWS.map(([id, operatorId, title, description, discount, start, end]) => ({
    id,
    operatorId: String(operatorId),
    title,
    description: `Sandbox promotion: ${description}`,
    discount,
    startDate: day(start),
    endDate: day(end),
  }));
}
