import type { TAmountOption, TCoinSymbol, TCountry, TOperator, TPromotion, TQuote } from '@topup/shared';
import { assetOf, chooseAsset } from '../../../../../shared/src/payment-choice';
import { flagEmoji, type TLocalLimits } from '../../../shared';
import { useI18n } from '../../../i18n/I18n';
import { centsOf, dialPrefix, localFirst, localOf, Notice, shownNumber, type CatalogList } from '../../../wizard';
import { CurrencyChoice, customRange } from '../../../wizard/LocalAmount';
import { AmountTile } from '../../../wizard/AmountStep';
import { OperatorLogo } from '../../../wizard/OperatorStep';
import { PhoneInput } from '../../../wizard/PhoneStep';
import { CoinMark, NetworkChoice, usePaymentOptions } from '../../../wizard/PaymentChoice';
import { Dropdown } from '../../components/Dropdown';
import type { AmountEntry, Limits } from './amount';
import { Promotions } from './Promotions';
import { centsToDollars } from '@topup/shared';

/** Step 1, 'Select Country & Phone': the country list (dial codes), the number, and the promotions. */
export function WhereStep(props: {
  countries: CatalogList<TCountry>;
  country: TCountry | null;
  onCountry(code: string): void;
  phone: string;
  phoneError: string | null;
  onPhone(phone: string): void;
  /** A paste into the number field (number first: a full number goes straight on). */
  onPaste?(): void;
  onSubmit(): void;
  promotions: TPromotion[] | undefined;
  operators: TOperator[] | undefined;
}) {
  const { country, phoneError } = props;
  const t = useI18n();
  return (
    <div className="wz-step">
      {props.promotions && props.promotions.length > 0 && <Promotions promotions={props.promotions} operators={props.operators} />}
      <div className="field">
        <label htmlFor="compact-country">{t.common.labels.country}</label>
        <select id="compact-country" className="input" value={country?.code ?? ''} onChange={(e) => props.onCountry(e.target.value)}>
          {!country && <option value="">{t.web.compact.selectCountry}</option>}
          {props.countries.data?.map((c) => (
            <option key={c.id} value={c.code}>
              {flagEmoji(c.code)} {t.countryName(c)} ({dialPrefix(c.dialCode)})
            </option>
          ))}
        </select>
        {props.countries.isError && <p className="field-error">{t.web.errorLoadingCountries}</p>}
      </div>
      <div className="field">
        <label htmlFor="compact-phone">{t.web.phoneNumber}</label>
        <PhoneInput
          id="compact-phone"
          prefix={country ? dialPrefix(country.dialCode) : '🌐'}
          value={props.phone}
          onChange={props.onPhone}
          invalid={!!phoneError}
          describedBy={phoneError ? 'compact-phone-error' : undefined}
          onPaste={props.onPaste}
          onEnter={props.onSubmit}
        />
        {phoneError && (
          <p id="compact-phone-error" className="field-error" role="alert">
            {phoneError}
          </p>
        )}
      </div>
    </div>
  );
}

/** Step 2, 'Choose Operator': the country and number chosen, the operators with their logos. */
export function OperatorChoice({
  country,
  phone,
  operators,
  operator,
  onChange,
}: {
  country: TCountry;
  phone: string;
  operators: CatalogList<TOperator>;
  operator: TOperator | null;
  onChange(operator: TOperator): void;
}) {
  const t = useI18n();
  return (
    <div className="wz-step">
      <p className="compact-summary">
        {flagEmoji(country.code)} {t.countryName(country)} · {shownNumber(country.dialCode, phone)}
      </p>
      {operators.isPending ? (
        <div className="page-loading small" role="status" aria-label={t.web.compact.loadingOperators}>
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : operators.isError || !operators.data ? (
        <Notice kind="error">{t.web.errorLoadingOperators}</Notice>
      ) : operators.data.length === 0 ? (
        <Notice>{t.web.noOperators}</Notice>
      ) : (
        <Dropdown<number>
          label={t.web.compact.mobileOperator}
          placeholder={t.web.compact.selectOperator}
          value={operator?.operatorId ?? null}
          onChange={(id) => {
            const chosen = operators.data?.find((o) => o.operatorId === id);
            if (chosen) onChange(chosen);
          }}
          options={operators.data.map((o) => ({ value: o.operatorId, label: o.name, icon: <OperatorLogo operator={o} size={28} className="op-logo" /> }))}
        />
      )}
    </div>
  );
}

/**
 * Step 3, 'Select Amount': quick amounts with the fee (GET /api/pricing), a custom amount, and the
 * server's breakdown. Local money first: a quick amount the operator's options price in its currency
 * shows what the recipient gets ("2,500 XAF"), the dollars beside it (as /recharge and the mini-app).
 */
export function AmountChoice(props: {
  quick: number[];
  /** The operator's amount options (GET /api/amounts), where the local amounts come from. */
  options: TAmountOption[] | undefined;
  entry: AmountEntry;
  onEntry(entry: AmountEntry): void;
  fee: number | undefined;
  custom: Limits | null;
  /** The operator's limits in its currency, when the custom amount can be typed in it too. */
  local: TLocalLimits | null;
  loading: boolean;
  /** The amount chosen (a quick one, or the custom one when valid and, typed in local money, quoted). */
  chosen: TAmountOption | null;
  quote: TQuote | undefined;
}) {
  const { entry, custom, chosen } = props;
  const t = useI18n();
  const localOfQuick = (amount: number) => {
    const option = props.options?.find((o) => o.amount === amount);
    return option ? localOf(t, option) : null;
  };
  // US dollars by default (the spec's 'Custom amount (USD)'), the operator's currency when chosen.
  const local = (entry.local && props.local) || null;
  return (
    <div className="wz-step">
      <div className="quick-amounts" role="group" aria-label={t.web.compact.quickAmounts}>
        {props.quick.map((a) => (
          <AmountTile
            key={a}
            className="quick-amount"
            local={localOfQuick(a)}
            usd={t.shortUsd(centsOf(a))}
            caption={t.web.compact.plusFee({ fee: props.fee === undefined ? '…' : t.shortUsd(props.fee) })}
            pressed={entry.text.trim() === '' && entry.quick === a}
            onClick={() => props.onEntry({ quick: a, text: '' })}
          />
        ))}
      </div>
      {props.loading && <p className="wz-hint">{t.web.compact.loadingAmounts}</p>}
      {custom && (
        <div className="field">
          <label htmlFor="compact-custom">{local ? t.web.customAmountIn({ currency: local.code }) : t.web.compact.customAmountUsd}</label>
          {props.local && (
            <CurrencyChoice code={props.local.code} local={!!local} onChange={(inLocal) => props.onEntry({ quick: entry.quick, text: '', local: inLocal })} />
          )}
          <input
            id="compact-custom"
            className="input"
            type="number"
            inputMode="decimal"
            min={local ? local.min : centsToDollars(custom.min)}
            max={local ? local.max : centsToDollars(custom.max)}
            step={local ? 'any' : '0.01'}
            placeholder={t.web.customAmountRange(customRange(t, local ?? { kind: 'usd', ...custom }))}
            value={entry.text}
            onChange={(e) => props.onEntry({ ...entry, text: e.target.value })}
          />
        </div>
      )}
      <dl className="wz-summary" aria-label={t.web.compact.breakdown} aria-live="polite">
        <div>
          <dt>{t.common.serviceTypes.airtime}</dt>
          <dd>{chosen ? localFirst(t, chosen, t.usd(centsOf(chosen.amount))) : '—'}</dd>
        </div>
        <FeeAndTotal fee={props.quote?.serviceFee ?? props.fee} quote={chosen ? props.quote : undefined} none="—" testId="compact-total" />
      </dl>
    </div>
  );
}

/**
 * Step 4, 'Choose Payment Method': the spec's cryptocurrency dropdown with logos, now for the coin (what
 * GET /api/payment-options offers), then the coin's networks, cheapest first, with their fees.
 */
export function CoinChoice({
  coin,
  onChange,
  onPreselect,
}: {
  coin: TCoinSymbol | null;
  onChange(coin: TCoinSymbol): void;
  onPreselect(coin: TCoinSymbol): void;
}) {
  const options = usePaymentOptions(coin, onPreselect);
  const asset = options && assetOf(options, coin);
  const t = useI18n();
  return (
    <div className="wz-step">
      <Dropdown<string>
        label={t.web.cryptocurrency}
        placeholder={t.web.compact.selectCoin}
        value={asset?.asset ?? null}
        onChange={(chosen) => {
          const next = options?.assets.find((a) => a.asset === chosen);
          if (next) onChange(chooseAsset(next, coin));
        }}
        options={(options?.assets ?? []).map((a) => ({ value: a.asset, label: a.name, hint: a.asset, icon: <CoinMark asset={a.asset} small /> }))}
      />
      {asset && <NetworkChoice asset={asset} selected={coin} onSelect={onChange} />}
    </div>
  );
}

/**
 * Step 5, 'Review Order': what is bought (what the recipient gets in their currency first, the dollars
 * beside it), the server's fee and total, the coin, and the spec's four bullets.
 */
export function Review({
  country,
  phone,
  operator,
  amount,
  quote,
  coinName,
}: {
  country: TCountry;
  phone: string;
  operator: TOperator;
  amount: TAmountOption;
  quote: TQuote | undefined;
  coinName: string;
}) {
  const t = useI18n();
  const l = t.common.labels;
  return (
    <div className="wz-step">
      <dl className="wz-summary" aria-label={l.order}>
        <div>
          <dt>{l.phone}</dt>
          <dd>{shownNumber(country.dialCode, phone)}</dd>
        </div>
        <div>
          <dt>{l.network}</dt>
          <dd>{operator.name}</dd>
        </div>
        <div>
          <dt>{l.amount}</dt>
          <dd>{localFirst(t, amount, t.usd(centsOf(amount.amount)))}</dd>
        </div>
        <FeeAndTotal fee={quote?.serviceFee} quote={quote} none="…" />
        <div>
          <dt>{l.payWith}</dt>
          <dd>{coinName}</dd>
        </div>
      </dl>
      <div className="wz-important">
        <strong>{t.web.compact.beforeYouPay}</strong>
        <ul>
          {t.web.compact.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The service fee and total rows (cents, from the server); `none` stands for a total not yet known. */
function FeeAndTotal({ fee, quote, none, testId }: { fee: number | undefined; quote: TQuote | undefined; none: string; testId?: string }) {
  const t = useI18n();
  return (
    <>
      <div>
        <dt>{t.common.labels.fee}</dt>
        <dd>{fee === undefined ? '…' : t.usd(fee)}</dd>
      </div>
      <div className="wz-total">
        <dt>{t.common.labels.total}</dt>
        <dd data-testid={testId}>{quote ? t.usd(quote.totalAmount) : none}</dd>
      </div>
    </>
  );
}
