import { Button } from '@telegram-apps/telegram-ui';
import { Notice, shownNumber, type Checkout } from '../wizard';
import { CoinStep } from '../wizard/CoinStep';
import { SwitchOperator } from '../wizard/SwitchOperator';
import { useI18n } from '../i18n/I18n';
import { AMOUNT_STEP } from './navigation';
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
      {/* The number belongs to another operator: switch to it (back to the wizard when it does not take the amount). */}
      {checkout.state.createError?.mismatch && (
        <SwitchOperator checkout={checkout} mismatch={checkout.state.createError.mismatch} onSwitched={(kept) => !kept && checkout.goTo(AMOUNT_STEP)} />
      )}
      {!inTelegram && (
        <Button size="l" stretched loading={creating} disabled={creating} onClick={onPay}>
          {creating ? t.web.processingPayment : t.web.createPayment({ symbol: coin ?? '' })}
        </Button>
      )}
    </CoinStep>
  );
}
