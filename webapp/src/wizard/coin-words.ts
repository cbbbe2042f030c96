import { useQuery } from '@tanstack/react-query';
import { coinInWords } from '../../../shared/src/payment-choice';
import { paymentOptionsQuery } from '../api/queries';
import { useI18n } from '../i18n/I18n';

/** "USDT on Polygon" in the page's language, from the API's payment options (shared/src/payment-choice.ts coinInWords). */
export function useCoinWords(coin: { symbol: string; networkLabel: string }): string {
  const { web } = useI18n();
  const options = useQuery(paymentOptionsQuery()).data;
  return coinInWords(options, coin, web.pay.coinOnNetwork);
}
