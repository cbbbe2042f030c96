import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSupportConversation } from '@topup/shared';
import { ApiError } from '../../api/client';
import { siteConfigQuery } from '../../api/queries';
import { apiErrorText, isEmailAddress, SUPPORT_MESSAGE_MAX } from '../../shared';
import { SITE_NAME } from '../meta';
import { useUser } from '../session';
import { useI18n } from '../../i18n/I18n';
import { acknowledgement, fetchConversation, listedAlready, notSent, sendSupportMessage, type PendingMessage } from '../support-thread';

/** A line the chat adds itself (never stored): the acknowledgement, or why a message was not sent. */
interface Notice {
  key: number;
  text: string;
  /** Shown after this message of the conversation (0: before any). */
  afterId: number;
  timestamp: number;
}

/** The spec's canned reply comes one second after a message. */
const ACK_DELAY_MS = 1000;
/** While the chat is open, answers are looked for this often. */
const REFRESH_MS = 30_000;
const CONVERSATION_KEY = ['/api/support/messages'];

/**
 * The live chat of the support widget (./SupportWidget.tsx), loaded when it is first opened: its
 * messages go to the support inbox (with the order the customer came from, when there is one). A
 * visitor without an account gives an e-mail address for the answer. One second after a message, the
 * chat says what happens next and gives the support e-mail and Telegram handle; a message that could
 * not be sent stays in the field, and the chat says where to write instead. Answers show here when the
 * chat is opened again (this browser, or signed in). Blank messages are ignored. Everything is shown
 * as text.
 */
export default function SupportChat({ paymentId, onClearOrder, onClose }: { paymentId: string | null; onClearOrder(): void; onClose(): void }) {
  const config = useQuery(siteConfigQuery());
  const user = useUser();
  const t = useI18n();
  const w = t.web.supportWidget;
  const chat = t.web.pages.chat;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<(PendingMessage & { timestamp: number }) | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [openedAt] = useState(() => Date.now());
  const nextKey = useRef(1);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLOListElement>(null);

  const conversation = useQuery({ queryKey: CONVERSATION_KEY, queryFn: ({ signal }) => fetchConversation(signal), staleTime: 0, refetchInterval: REFRESH_MS });
  const messages = conversation.data?.messages ?? [];
  const lastId = messages.at(-1)?.id ?? 0;
  const replyTo = conversation.data?.replyTo ?? null;
  // Who would read our answer: a signed-in customer is known; a visitor gives an address once.
  const needsEmail = !user.data && !replyTo;

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages.length, notices.length, pending]);

  const support = config.data?.support;
  const notice = (text: string, afterId: number) => setNotices((list) => [...list, { key: nextKey.current++, text, afterId, timestamp: Date.now() }]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text || pending) return;
    const address = email.trim();
    const check =
      text.length > SUPPORT_MESSAGE_MAX
        ? chat.tooLong({ max: t.number(SUPPORT_MESSAGE_MAX) })
        : needsEmail && !address
          ? chat.emailNeeded
          : address && !isEmailAddress(address)
            ? t.web.invalidEmail
            : null;
    setProblem(check);
    if (check) return;
    setPending({ text, timestamp: Date.now(), afterId: lastId });
    setDraft('');
    try {
      const saved: TSupportConversation = await sendSupportMessage({ text, ...(address ? { email: address } : {}), ...(paymentId ? { paymentId } : {}) });
      queryClient.setQueryData(CONVERSATION_KEY, saved);
      const after = saved.messages.at(-1)?.id ?? 0;
      timers.current.push(setTimeout(() => notice(acknowledgement(chat, support, saved.replyTo), after), ACK_DELAY_MS));
    } catch (err) {
      // Nothing is lost: the message goes back into the field.
      setDraft(text);
      // What the server said, in the page's language (English: its own words); else it was not reached.
      const reason =
        err instanceof ApiError && err.serverMessage
          ? apiErrorText(t.common, { code: err.code, message: err.serverMessage }, t.locale === 'en')
          : chat.unreachable;
      notice(notSent(chat, support, /[.!?]$/.test(reason) ? reason : `${reason}.`), lastId);
    } finally {
      setPending(null);
      // The Send button was disabled meanwhile: the keyboard stays in the chat.
      input.current?.focus();
    }
  };

  const noticesAfter = (id: number) =>
    notices.filter((n) => n.afterId === id).map((n) => <Line key={`n${n.key}`} fromSupport text={n.text} timestamp={n.timestamp} />);

  return (
    <section className="chat" role="dialog" aria-labelledby="chat-title" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <header className="chat-head">
        <div>
          <h2 id="chat-title">{w.liveChat}</h2>
          <p>{replyTo?.channel === 'email' ? w.answersTo({ address: replyTo.address }) : replyTo ? w.answersInTelegram : w.answersByEmail}</p>
        </div>
        <button type="button" className="icon-btn" aria-label={w.closeChatShort} onClick={onClose}>
          ×
        </button>
      </header>
      <ol className="chat-log" role="log" aria-live="polite" ref={log}>
        <Line fromSupport text={chat.welcome({ site: SITE_NAME })} timestamp={openedAt} />
        {noticesAfter(0)}
        {messages.map((m) => [
          <Line key={m.id} fromSupport={m.from === 'support'} text={m.text} timestamp={m.createdAt.getTime()} paymentId={m.paymentId} />,
          ...noticesAfter(m.id),
        ])}
        {pending && !listedAlready(pending, messages) && <Line fromSupport={false} text={pending.text} timestamp={pending.timestamp} sending />}
      </ol>
      <form className="chat-form" onSubmit={(e) => void send(e)} noValidate>
        {paymentId && (
          <p className="chat-order">
            {chat.aboutOrder} <code>{paymentId}</code>
            <button type="button" className="chat-order-remove" aria-label={chat.withoutOrder} onClick={onClearOrder}>
              ×
            </button>
          </p>
        )}
        {needsEmail && (
          <>
            <label htmlFor="chat-email" className="visually-hidden">
              {w.emailLabel}
            </label>
            <input
              id="chat-email"
              className="input"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder={w.emailPlaceholder}
            />
          </>
        )}
        <div className="chat-send">
          <label htmlFor="chat-input" className="visually-hidden">
            {w.message}
          </label>
          <input
            id="chat-input"
            ref={input}
            className="input"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={w.messagePlaceholder}
            autoComplete="off"
            maxLength={SUPPORT_MESSAGE_MAX}
          />
          <button type="submit" className="btn btn-primary" disabled={pending !== null}>
            {w.send}
          </button>
        </div>
        {problem && (
          <p className="chat-problem" role="alert">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}

/** One line of the chat, as text (React escapes it: nothing anyone writes is read as HTML). */
function Line({
  fromSupport,
  text,
  timestamp,
  paymentId,
  sending,
}: {
  fromSupport: boolean;
  text: string;
  timestamp: number;
  paymentId?: string | null;
  sending?: boolean;
}) {
  const t = useI18n();
  const chat = t.web.pages.chat;
  return (
    <li className={fromSupport ? 'from-support' : 'from-me'}>
      <span className="visually-hidden">{fromSupport ? chat.fromSupport : chat.fromMe}</span>
      {paymentId && (
        <span className="chat-about">
          {chat.aboutOrder} {paymentId}
        </span>
      )}
      <p>{text}</p>
      {sending ? <span className="chat-sending">{chat.sending}</span> : <time dateTime={new Date(timestamp).toISOString()}>{t.time(new Date(timestamp))}</time>}
    </li>
  );
}
