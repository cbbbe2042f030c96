import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCountry } from '@topup/shared';
import type { StoredRecipient } from '../../../shared/src/recipients-storage';
import { operatorsQuery } from '../api/queries';
import { recipientsQuery, removeRecipient, renameRecipient, type RecipientsSource } from '../api/recipients';
import { useI18n } from '../i18n/I18n';
import { dialPrefix, localFirst } from './format';
import { completeOrder } from './checkout';
import type { WizardAction, WizardState } from './state';
import { centsToDollars } from '@topup/shared';

export interface RepeatOptions {
  countries: TCountry[] | undefined;
  wizard: WizardState;
  choose(action: WizardAction): void;
  /** The surface's way on to payment once number, operator and amount are set (its "Continue"). */
  proceed(): void;
}

/**
 * Repeat a recipient: its number, operator and last amount are chosen, then the surface goes on to
 * payment (the second tap pays). Called where the surface lives (the list itself goes with step 1).
 */
export function useRepeat({ countries, wizard, choose, proceed }: RepeatOptions): (recipient: StoredRecipient) => Promise<void> {
  const queryClient = useQueryClient();
  const [going, setGoing] = useState(false);
  // The choices land with the next render; then the surface goes on.
  useEffect(() => {
    if (going && completeOrder(wizard)) {
      setGoing(false);
      proceed();
    }
  }, [going, wizard, proceed]);

  return async (r) => {
    const country = countries?.find((c) => c.id === r.countryId || c.code === r.countryCode);
    if (!country || r.operatorId === null) return;
    const operators = await queryClient.fetchQuery(operatorsQuery(country.id, 'airtime'));
    const operator = operators.find((o) => o.operatorId === r.operatorId);
    if (!operator) return;
    const prefix = dialPrefix(country.dialCode);
    const phone = r.phoneNumber.startsWith(prefix) ? r.phoneNumber.slice(prefix.length) : r.phoneNumber;
    choose({ type: 'detected', country, operator, phone });
    choose({
      type: 'selectAmount',
      amount: {
        id: `repeat-${r.lastAmountCents}`,
        amount: centsToDollars(r.lastAmountCents),
        localAmount: r.lastLocalAmount,
        currencyCode: r.localCurrency,
        currencySymbol: null,
        description: null,
      },
    });
    setGoing(true);
  };
}

/**
 * Repeat in one tap: the people topped up before, newest first. "Again" repeats one (useRepeat); each
 * can be renamed ("Mum") or removed.
 */
export function Recents({ source, onRepeat }: { source: RecipientsSource; onRepeat(recipient: StoredRecipient): void }) {
  const t = useI18n();
  const queryClient = useQueryClient();
  const recipients = useQuery(recipientsQuery(source)).data;
  const [editing, setEditing] = useState<string | null>(null);

  if (!recipients?.length) return null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: recipientsQuery(source).queryKey });

  const amountOf = (r: StoredRecipient) => localFirst(t, { localAmount: r.lastLocalAmount, currencyCode: r.localCurrency }, t.usd(r.lastAmountCents));

  return (
    <section className="wz-recents" aria-labelledby="wz-recents-heading">
      <h3 id="wz-recents-heading" className="wz-subheading">
        {t.common.recents.title}
      </h3>
      <ul className="wz-list">
        {recipients.map((r) => (
          <li key={r.phoneNumber} className="wz-recent" data-testid="recent-recipient">
            {editing === r.phoneNumber ? (
              <RenameForm
                initial={r.name ?? ''}
                onDone={async (name) => {
                  if (name !== null) await renameRecipient(source, r.phoneNumber, name);
                  setEditing(null);
                  await refresh();
                }}
              />
            ) : (
              <>
                <button type="button" className="wz-row wz-recent-again" onClick={() => onRepeat(r)}>
                  <span className="wz-row-title">{t.common.recents.again({ who: r.name ?? r.phoneNumber, amount: amountOf(r) })}</span>
                  {r.name && <span className="wz-row-after">{r.phoneNumber}</span>}
                </button>
                <span className="wz-recent-actions">
                  <button
                    type="button"
                    className="wz-button wz-button-secondary wz-button-small"
                    onClick={() => setEditing(r.phoneNumber)}
                    aria-label={`${t.common.recents.rename} ${r.name ?? r.phoneNumber}`}
                  >
                    {t.common.recents.rename}
                  </button>
                  <button
                    type="button"
                    className="wz-button wz-button-danger wz-button-small"
                    onClick={async () => {
                      await removeRecipient(source, r.phoneNumber);
                      await refresh();
                    }}
                    aria-label={`${t.common.recents.remove} ${r.name ?? r.phoneNumber}`}
                  >
                    {t.common.recents.remove}
                  </button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RenameForm({ initial, onDone }: { initial: string; onDone(name: string | null): Promise<void> }) {
  const t = useI18n();
  const [name, setName] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onDone(name.trim());
  };
  return (
    <form className="wz-custom wz-recent-rename" onSubmit={submit}>
      <input
        className="wz-input"
        value={name}
        maxLength={40}
        placeholder={t.common.recents.namePlaceholder}
        aria-label={t.common.recents.namePlaceholder}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <button type="submit" className="wz-button wz-button-secondary">
        {t.common.recents.rename}
      </button>
    </form>
  );
}
