import type { ProviderPromotion } from '../provider';

/**
 * A handful of sandbox promotions on sandbox operators, shaped as real providers' are: a bonus the
 * operator adds to the top-up, never a cut in the price. Their dates follow the clock (from a few days
 * ago to a few weeks ahead) so the sandbox always has current promotions to show.
 */

// id, operator id, title, description, start and end in days from today
type Row = [number, number, string, string, number, number];
const ROWS: Row[] = [
  [1, 53, 'MTN Cameroon bonus', 'MTN adds 10% more airtime to every MTN Cameroon top-up.', -7, 30],
  [2, 141, 'MTN Nigeria weekend', 'Double airtime on MTN Nigeria top-ups from Friday to Sunday.', -3, 14],
  [3, 131, 'Globe Philippines extra', 'Globe adds 5% more load to Globe Philippines top-ups.', -10, 20],
  [4, 191, 'Safaricom Kenya special', 'Safaricom adds 15% more airtime to top-ups of $10 or more.', -1, 10],
  [5, 111, 'Telcel Mexico data gift', 'Every Telcel Mexico top-up comes with 1 GB of data.', -5, 25],
  [6, 54, 'Orange Cameroon week', 'Orange adds 8% more airtime to Orange Cameroon top-ups this week.', 0, 7],
];

const DAY_MS = 24 * 60 * 60 * 1000;

export function sandboxPromotions(nowMs: number): ProviderPromotion[] {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString();
  return ROWS.map(([id, operatorId, title, description, start, end]) => ({
    id,
    operatorId: String(operatorId),
    title,
    description: `Sandbox promotion: ${description}`,
    startDate: day(start),
    endDate: day(end),
  }));
}
