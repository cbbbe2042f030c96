import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  formatDateTime,
  formProblem,
  SUPPORT_REPLY_MAX,
  ZSupportReplyRequest,
  type TSupportReplyRoute,
  type TSupportThreadSummary,
} from '@topup/shared';
import { api, messageOf } from '../api/client';
import { KEYS, refresh, useSupportThread, useSupportThreads } from '../api/queries';
import { useToast } from '../components/Toaster';
import { BackLink, Card, Field, Link, LoadError, Pager, OrderStatusBadge } from '../components/ui';
import { userLabel } from '../format';
import { orderPath, threadPath } from '../router';

const PAGE_SIZE = 20;

/** Who wrote: the customer's name (or e-mail, or id), else the address the visitor gave. */
function whoOf(t: Pick<TSupportThreadSummary, 'customer' | 'contactEmail'>): string {
  return t.customer ? userLabel(t.customer) : (t.contactEmail ?? 'Visitor');
}

/** Where an answer goes besides the chat, in words. */
function routeText(route: TSupportReplyRoute | null): string {
  if (!route) return 'Answers show only in the chat: this visitor left no address.';
  return route.channel === 'email'
    ? `Answers are e-mailed to ${route.address} and shown in the chat.`
    : 'Answers are sent in the Telegram bot and shown in the chat.';
}

const CHANNELS: Record<TSupportThreadSummary['channel'], string> = { web: 'Web site', telegram: 'Mini-app', bot: 'Telegram bot' };

/** /admin/support: the conversations, latest first, with what is unread. */
export function SupportInbox() {
  const [page, setPage] = useState(1);
  const threads = useSupportThreads(page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((threads.data?.total ?? 0) / PAGE_SIZE));
  useEffect(() => {
    document.title = 'Support inbox – Admin';
  }, []);
  return (
    <main className="stack" aria-labelledby="inbox-title">
      <BackLink />
      <h2 id="inbox-title" className="page-title">
        Support inbox
      </h2>
      <Card>
        {threads.isPending && <p className="muted">Loading conversations...</p>}
        {threads.isError && <LoadError message="Failed to load the support inbox." onRetry={() => void threads.refetch()} />}
        {threads.data && threads.data.threads.length === 0 && <p className="muted">No messages yet.</p>}
        {threads.data && threads.data.threads.length > 0 && (
          <ul className="inbox-list" aria-label="Conversations">
            {threads.data.threads.map((t) => (
              <li key={t.id} className={t.unread ? 'inbox-unread' : undefined} data-testid={`thread-${t.id}`}>
                <Link to={threadPath(t.id)} className="inbox-item">
                  <span className="row-between">
                    <strong className="inbox-who">{whoOf(t)}</strong>
                    {t.unread > 0 && <span className="badge badge-unread">{t.unread} unread</span>}
                  </span>
                  <span className="inbox-preview">
                    {t.lastFrom === 'admin' && <span className="muted">You: </span>}
                    {t.preview}
                  </span>
                  <span className="muted small">
                    {formatDateTime(t.lastMessageAt)} · {CHANNELS[t.channel]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {threads.data && pages > 1 && <Pager page={page} pages={pages} setPage={setPage} />}
      </Card>
    </main>
  );
}

/** /admin/support/{id}: one conversation, read when opened, and the answer form. */
export function SupportThreadPage({ id }: { id: number }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const thread = useSupportThread(id);
  const [answer, setAnswer] = useState('');
  const lastId = thread.data?.messages.at(-1)?.id;

  useEffect(() => {
    document.title = `Conversation #${id} – Admin`;
  }, [id]);
  // Shown is read: up to the newest message on screen.
  useEffect(() => {
    if (lastId === undefined || !thread.data?.unread) return;
    void api
      .request(ADMIN_API.supportRead, { params: { id }, body: { through: lastId } })
      .then(() => refresh(queryClient, KEYS.supportThreads, KEYS.supportUnread));
  }, [id, lastId, thread.data?.unread, queryClient]);

  const reply = useMutation({
    mutationFn: (text: string) => api.request(ADMIN_API.supportReply, { params: { id }, body: { text } }),
    onSuccess: async (res) => {
      toast({ title: 'Answer Sent', description: res.message });
      setAnswer('');
      await refresh(queryClient, KEYS.supportThread, KEYS.supportThreads, KEYS.audit);
    },
    onError: (err) => toast({ title: 'Error', description: messageOf(err, 'Failed to send the answer'), variant: 'destructive' }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = formProblem(ZSupportReplyRequest, { text: answer });
    if (problem) return toast({ title: 'Error', description: problem, variant: 'destructive' });
    reply.mutate(answer);
  }

  const t = thread.data;
  return (
    <main className="stack" aria-labelledby="thread-title">
      <BackLink />
      <h2 id="thread-title" className="page-title">
        {t ? whoOf(t) : `Conversation #${id}`}
      </h2>
      {thread.isPending && <p className="muted">Loading the conversation...</p>}
      {thread.isError && <LoadError message={messageOf(thread.error, 'Failed to load the conversation.')} onRetry={() => void thread.refetch()} />}
      {t && (
        <>
          <p className="muted small" data-testid="reply-route">
            {CHANNELS[t.channel]}
            {t.customer && ` · customer #${t.customer.id}${t.customer.telegramUserId ? ` (Telegram ${t.customer.telegramUserId})` : ''}`}
            {t.contactEmail && ` · ${t.contactEmail}`}. {routeText(t.replyTo)}
          </p>
          <Card>
            <ol className="conversation" aria-label="Messages">
              {t.messages.map((m) => (
                <li key={m.id} className={m.from === 'admin' ? 'msg msg-admin' : 'msg msg-customer'}>
                  <span className="sr-only">{m.from === 'admin' ? 'Support:' : 'Customer:'}</span>
                  {m.order && (
                    <span className="msg-order">
                      About <Link to={orderPath(m.order.id)}>order #{m.order.id}</Link> <OrderStatusBadge status={m.order.status} />
                    </span>
                  )}
                  <p className="msg-text">{m.text}</p>
                  <span className="muted small">
                    {formatDateTime(m.createdAt)}
                    {m.adminEmail && ` · ${m.adminEmail}`}
                    {m.delivery &&
                      (m.delivery.deliveredAt
                        ? ` · ${m.delivery.channel === 'email' ? 'e-mailed' : 'sent in Telegram'}`
                        : ` · waiting to be sent by ${m.delivery.channel === 'email' ? 'e-mail' : 'Telegram'}`)}
                  </span>
                </li>
              ))}
            </ol>
          </Card>
          <Card title="Answer">
            <form className="form" onSubmit={submit} noValidate aria-label="Answer">
              <Field label="Your answer" htmlFor="reply-text" hint={routeText(t.replyTo)}>
                <textarea id="reply-text" rows={4} maxLength={SUPPORT_REPLY_MAX} value={answer} onChange={(e) => setAnswer(e.target.value)} />
              </Field>
              <button type="submit" className="btn btn-primary" disabled={reply.isPending}>
                {reply.isPending ? 'Sending...' : 'Send Answer'}
              </button>
            </form>
          </Card>
        </>
      )}
    </main>
  );
}
