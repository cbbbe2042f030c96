import '../wizard/wizard.css';
import './order.css';
import { pinLines, type TNextAction, type TOrderStory, type TPin, type TStoryPayment, type TTimelineItem } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { CoinOnNetwork, CopyField, SendFromWallet } from '../wizard/PayFields';
import { QrCode } from '../wizard/PaymentScreen';
import { WalletButtons } from '../wizard/WalletButtons';
import { stateLabel, stateTone } from './label';

/** What a surface does for the story's next action (the pay actions, and the sentences, are on the page itself). */
export type StoryAction = Exclude<TNextAction, { action: 'pay' | 'pay_rest' | 'pay_outside_telegram' | 'wait' }>;

export interface OrderStoryProps {
  story: TOrderStory;
  /** The next action's button: the surface opens its balance, its sign-in, a new recharge or its support. */
  onAction(next: StoryAction): void;
  /** "Contact support" beside any next action, with the order named. */
  onContactSupport(): void;
  /** Opens a wallet link instead of the browser (the mini-app: through Telegram). */
  openLink?: ((url: string) => void) | undefined;
  onCopied?(): void;
}

/**
 * The one place that explains an order, for the site's /orders/{paymentId} and the
 * mini-app's order view: its state and sentence, what arrived against what was due, the rest to pay
 * (QR, copy, wallet buttons: only the remaining amount), where any value went, the one next action,
 * and its timeline. Everything comes from the order story (GET /api/orders/{ref}/story).
 */
export function OrderStory({ story, onAction, onContactSupport, openLink, onCopied }: OrderStoryProps) {
  const { web, common, usd, dateTime, time } = useI18n();
  const t = web.order;
  const d = story.display;
  const { next } = story;
  return (
    <article className="os" aria-labelledby="os-title" data-state={d.state} data-next={next.action}>
      <div className="os-head">
        <h2 id="os-title" className="wz-heading">
          {t.title({ orderId: story.order.orderId })}
        </h2>
        <span className={`os-badge os-badge-${stateTone(d)}`} data-testid="order-state">
          {stateLabel(common, d)}
        </span>
      </div>
      <p className="os-sentence" role="status" data-testid="order-sentence">
        {t.sentence({ display: d, time: (iso) => dateTime(iso), usd })}
      </p>

      <dl className="wz-summary">
        {story.order.phoneNumber && (
          <div>
            <dt>{common.labels.phone}</dt>
            <dd>{story.order.phoneNumber}</dd>
          </div>
        )}
        {story.order.operatorName && (
          <div>
            <dt>{common.labels.operator}</dt>
            <dd>{story.order.operatorName}</dd>
          </div>
        )}
        <div>
          <dt>{common.labels.total}</dt>
          <dd>{usd(story.order.totalAmount)}</dd>
        </div>
        {story.amounts && (
          <>
            <div>
              <dt>{t.due}</dt>
              <dd data-testid="order-due">
                {story.amounts.due.amount} {story.amounts.coin}
              </dd>
            </div>
            <div>
              <dt>{t.received}</dt>
              <dd data-testid="order-received">
                {story.amounts.received.amount} {story.amounts.coin}
              </dd>
            </div>
            {/* Only while it can still be sent: once the watch ended, what arrived was credited instead. */}
            {story.amounts.remaining.baseUnits !== '0' && (next.action === 'pay' || next.action === 'pay_rest') && (
              <div>
                <dt>{t.remaining}</dt>
                <dd data-testid="order-remaining">
                  {story.amounts.remaining.amount} {story.amounts.coin}
                </dd>
              </div>
            )}
          </>
        )}
      </dl>

      {story.order.pin && <PinVoucher pin={story.order.pin} onCopied={onCopied} />}

      <section className="os-section" aria-labelledby="os-next">
        <h3 id="os-next">{t.nextTitle}</h3>
        <NextAction story={story} onAction={onAction} openLink={openLink} onCopied={onCopied} />
        <div className="os-actions">
          {next.action !== 'contact_support' && (
            <button type="button" className="wz-button wz-button-secondary" onClick={onContactSupport}>
              {t.contactSupport}
            </button>
          )}
          <p className="os-reference">
            {t.supportReference} <code data-testid="order-reference">{story.support.reference}</code>
          </p>
        </div>
      </section>

      <section className="os-section" aria-labelledby="os-value">
        <h3 id="os-value">{t.valueTitle}</h3>
        {story.value.credits.length === 0 && story.value.resentAmount === 0 ? (
          <p>{t.nothingCredited}</p>
        ) : (
          <ul data-testid="order-credits">
            {story.value.credits.map((c, i) => (
              <li key={i}>
                {t.credit({ amount: usd(c.amount), reason: t.creditReasons[c.reason] })} ({c.place === 'held' ? t.held : t.onBalance})
              </li>
            ))}
            {story.value.resentAmount > 0 && <li>{t.resentAmount({ amount: usd(story.value.resentAmount) })}</li>}
          </ul>
        )}
        {story.value.heldAmount > 0 && (
          <p data-testid="order-held">
            {t.held}: <strong>{usd(story.value.heldAmount)}</strong>
          </p>
        )}
        {story.value.onBalanceAmount > 0 && (
          <p data-testid="order-on-balance">
            {t.onBalance}: <strong>{usd(story.value.onBalanceAmount)}</strong>
          </p>
        )}
      </section>

      <section className="os-section" aria-labelledby="os-timeline">
        <h3 id="os-timeline">{t.timelineTitle}</h3>
        <ol className="os-timeline" data-testid="order-timeline">
          {story.timeline.map((item, i) => (
            <li key={i} data-kind={item.kind}>
              <time dateTime={item.at}>{time(item.at)}</time>
              <strong>{t.timeline[item.kind]}</strong>
              <Facts item={item} />
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

/** A PIN top-up's voucher: the code (and the number to dial) to copy, and how to use it. */
function PinVoucher({ pin, onCopied }: { pin: TPin; onCopied?: (() => void) | undefined }) {
  const { common } = useI18n();
  const t = common.pin;
  return (
    <section className="os-section" aria-labelledby="os-pin" data-testid="order-pin">
      <h3 id="os-pin">{t.title}</h3>
      <p>{t.intro}</p>
      {pinLines(t, pin).map((l) =>
        l.code ? (
          <CopyField key={l.label} label={l.label} value={l.value} onCopied={onCopied} testId={l.value === pin.code ? 'order-pin-code' : 'order-pin-dial'} />
        ) : (
          <p key={l.label}>
            {l.label}
            {common.colon} {l.value}
          </p>
        ),
      )}
    </section>
  );
}

/** The next action: the rest (or the whole amount) to pay with its QR, a sentence, or the one button. */
function NextAction({ story, onAction, openLink, onCopied }: Pick<OrderStoryProps, 'story' | 'onAction' | 'openLink' | 'onCopied'>) {
  const { web, common, dateTime } = useI18n();
  const t = web.order;
  const { next } = story;
  if (next.action === 'pay' || next.action === 'pay_rest') {
    const pay = next.pay;
    return (
      <div className="os-pay" data-testid="order-pay">
        <strong>{t.nextActions[next.action]}</strong>
        <CoinOnNetwork coin={{ symbol: pay.coin, networkLabel: pay.networkLabel }} />
        <CopyField
          label={next.action === 'pay_rest' ? t.restToSend : web.amountToSend}
          value={pay.amount}
          display={`${pay.amount} ${pay.coin}`}
          onCopied={onCopied}
          testId="order-pay-amount"
        />
        <CopyField label={web.walletAddress} value={pay.address} onCopied={onCopied} testId="order-pay-address" />
        {pay.memo && <CopyField label={web.paymentComment} value={pay.memo} onCopied={onCopied} testId="order-pay-comment" />}
        <SendFromWallet />
        {next.action === 'pay_rest' && <p className="wz-hint">{t.onlyTheRest}</p>}
        <p className="wz-hint">{t.sendBefore({ time: dateTime(pay.deadline) })}</p>
        <WalletButtons links={pay.walletLinks} paymentId={story.order.paymentId} open={openLink} />
        <QrCode uri={pay.paymentUri} coin={{ symbol: pay.coin, networkLabel: pay.networkLabel }} />
      </div>
    );
  }
  if (next.action === 'pay_outside_telegram')
    return <p data-testid="order-next-outside">{common.paidOutsideTelegram({ coin: next.coin, network: next.networkLabel })}</p>;
  if (next.action === 'wait') return <p data-testid="order-next-wait">{t.nextActions.wait}</p>;
  return (
    <div className="os-actions">
      {next.action === 'sign_in' && (
        <p data-testid="order-sign-in-with">{next.email ? t.signInWith({ email: next.email }) : next.telegram ? t.signInTelegram : t.signInBrowser}</p>
      )}
      <button type="button" className="wz-button" data-testid="order-next" onClick={() => onAction(next)}>
        {t.nextActions[next.action]}
      </button>
    </div>
  );
}

/** What a timeline item adds to its label: the payment, the credit, the amount moved. */
function Facts({ item }: { item: TTimelineItem }) {
  const { web, usd } = useI18n();
  const t = web.order;
  if (item.payment) return <PaymentFacts payment={item.payment} />;
  if (item.credit) return <span className="os-facts">{t.credit({ amount: usd(item.credit.amount), reason: t.creditReasons[item.credit.reason] })}</span>;
  if (item.received) return <span className="os-facts">{item.received.amount}</span>;
  if (item.amount !== null) return <span className="os-facts">{usd(item.amount)}</span>;
  if (item.transactionId) return <span className="os-facts">{item.transactionId}</span>;
  return null;
}

function PaymentFacts({ payment: p }: { payment: TStoryPayment }) {
  const { web } = useI18n();
  const t = web.order;
  const hash = p.explorerUrl ? (
    <a href={p.explorerUrl} target="_blank" rel="noopener noreferrer">
      {p.txHash}
    </a>
  ) : (
    <code>{p.txHash}</code>
  );
  return (
    <span className="os-facts" data-testid="order-payment">
      {p.amount} {p.coin} ({p.networkLabel}){!p.orderCoin && ` · ${t.otherCoin}`} · {t.confirmations(p.confirmations)}
      {p.status === 'removed' && ` · ${t.removed}`}
      <br />
      {t.transaction}: {hash}
    </span>
  );
}
