import { Notice, shownNumber, type Checkout } from '../wizard';
import { CoinStep } from '../wizard/CoinStep';
import { useI18n } from '../i18n/I18n';
import { TmaButton } from './Button';
import { haptics } from './telegram';

/** The coin, then network, with the total in it; 'Create {coin} Payment' is the main button in Telegram, a button outside. */
export default function CoinScreen({ checkout, error, inTelegram, onPay }: { checkout: Checkout; error: string | null; inTelegram: boolean; onPay(): void }) {
  const t = useI18n();
  const { wizard, coin, creating } = checkout.state;
  if (!wizard.country || !wizard.operator) return null;
  return (
    <CoinStep
      selected={coin}
      onSelect={(c) => {
        haptics.select();
        checkout.setCoin(c);
      }}
      onPreselect={checkout.preselectCoin}
      totalCents={checkout.quote?.totalAmount}
      cryptoAmount={checkout.cryptoAmount}
    >
      <p className="wz-hint">
        {t.countryName(wizard.country)} · {wizard.operator.name} · {shownNumber(wizard.country.dialCode, wizard.phone)}
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {!inTelegram && (
        <TmaButton loading={creating} onClick={onPay}>
          {creating ? t.web.processingPayment : t.web.createPayment({ symbol: coin ?? '' })}
        </TmaButton>
      )}
    </CoinStep>
  );
}
