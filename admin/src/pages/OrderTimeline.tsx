import { CREDIT_REASON_LABELS, formatDateTime, formatUsd, TIMELINE_LABELS, type TAdminTimelineEntry } from '@topup/shared';
import { Card, Link } from '../components/ui';
import { shortHash, statusText } from '../format';
import { orderPath } from '../router';

/** The order page's timeline: what the customer sees, each entry with the cause its record gives. */
export function OrderTimeline({ timeline }: { timeline: TAdminTimelineEntry[] }) {
  return (
    <Card title="Timeline" description="What the customer sees, with what each record says.">
      <ol className="timeline" aria-label="Timeline">
        {timeline.map((t, i) => (
          <li key={i}>
            <time dateTime={t.at}>{formatDateTime(t.at)}</time>
            <span className="timeline-what">
              <strong>{TIMELINE_LABELS[t.kind]}</strong> <TimelineFacts entry={t} />
            </span>
            {t.cause && <span className="muted small timeline-cause">{t.cause}</span>}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** The facts of a timeline entry, after its label. */
function TimelineFacts({ entry: t }: { entry: TAdminTimelineEntry }) {
  if (t.payment)
    return (
      <>
        {t.payment.amount} {t.payment.coin} on {t.payment.networkLabel}
        {t.payment.explorerUrl ? (
          <>
            {' '}
            (
            <a href={t.payment.explorerUrl} target="_blank" rel="noopener noreferrer">
              transaction
            </a>
            )
          </>
        ) : (
          <code className="small"> {shortHash(t.payment.txHash)}</code>
        )}
      </>
    );
  if (t.credit)
    return (
      <>{`${formatUsd(t.credit.amount)}: ${CREDIT_REASON_LABELS[t.credit.reason]} (${t.credit.place === 'held' ? 'held for the customer' : 'to the balance'})`}</>
    );
  if (t.kind === 'resent' && t.relatedOrderId !== null)
    return (
      <>
        {t.amount !== null && `${formatUsd(t.amount)} as `}
        <Link to={orderPath(t.relatedOrderId)}>order #{t.relatedOrderId}</Link>
      </>
    );
  if (t.amount !== null) return <>{formatUsd(t.amount)}</>;
  if (t.received) return <>{t.received.amount} received</>;
  if (t.transactionId) return <>transaction {t.transactionId}</>;
  if (t.status) return <span className="muted">({statusText(t.status)})</span>;
  return null;
}
