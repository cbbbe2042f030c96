import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSupportConversation } from '@topup/shared';
import { ApiError } from '../../api/client';
import { siteConfigQuery } from '../../api/queries';
import { isEmailAddress, SUPPORT_MESSAGE_MAX, SUPPORT_TEXTS } from '../../shared';
import { useUser } from '../session';
import { useI18n } from '../../i18n/I18n';
import { acknowledgement, fetchConversation, notSent, sendSupportMessage, SUPPORT_OPEN_EVENT, supportRequestInUrl, whatsappLink } from '../support';

/** A line the chat adds itself (never stored): the acknowledgement, or why a message was not sent. */
interface Notice {
  key: number;
  text: string;
  /** Shown after this message of the conversation (0: before any). */
  afterId: number;
  timestamp: number;
}

const WELCOME = 'Hi there! 👋 Welcome to CRYPTO TOP-UPS support. How can we help you today?';
/** The spec's canned reply comes one second after a message. */
const ACK_DELAY_MS = 1000;
/** While the chat is open, answers are looked for this often. */
const REFRESH_MS = 30_000;
const CONVERSATION_KEY = ['/api/support/messages'];
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/**
 * The support widget (spec section 2), on every screen but /app: a WhatsApp link with a prefilled
 * greeting, and a live chat whose messages go to the support inbox (with the order the customer came
 * from, when there is one). A visitor without an account gives an e-mail address for the answer. One
 * second after a message, the chat says what happens next and gives the support e-mail and Telegram
 * handle; a message that could not be sent stays in the field, and the chat says where to write
 * instead. Answers show here when the chat is opened again (this browser, or signed in). Blank
 * messages are ignored. Everything is shown as text.
 */
export function SupportWidget() {
  const config = useQuery(siteConfigQuery());
  const user = useUser();
  const w = useI18n().web.supportWidget;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<{ text: string; timestamp: number } | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [openedAt] = useState(() => Date.now());
  const nextKey = useRef(1);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLOListElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);

  const conversation = useQuery({ queryKey: CONVERSATION_KEY, queryFn: ({ signal }) => fetchConversation(signal), enabled: open, staleTime: 0, refetchInterval: open ? REFRESH_MS : false });
  const messages = conversation.data?.messages ?? [];
  const lastId = messages.at(-1)?.id ?? 0;
  const replyTo = conversation.data?.replyTo ?? null;
  // Who would read our answer: a signed-in customer is known; a visitor gives an address once.
  const needsEmail = !user.data && !replyTo;

  useEffect(() => {
    const show = (e: Event) => {
      const order = (e as CustomEvent<{ paymentId?: string } | undefined>).detail?.paymentId;
      if (order) setPaymentId(order);
      setOpen(true);
    };
    window.addEventListener(SUPPORT_OPEN_EVENT, show);
    const asked = supportRequestInUrl(window.location.search);
    if (asked) show(new CustomEvent(SUPPORT_OPEN_EVENT, { detail: asked }));
    return () => window.removeEventListener(SUPPORT_OPEN_EVENT, show);
  }, []);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages.length, notices.length, pending, open]);

  const support = config.data?.support;
  const whatsapp = whatsappLink(support?.whatsapp);
  const notice = (text: string, afterId: number) => setNotices((list) => [...list, { key: nextKey.current++, text, afterId, timestamp: Date.now() }]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text || pending) return;
    const address = email.trim();
    const check = text.length > SUPPORT_MESSAGE_MAX ? SUPPORT_TEXTS.tooLong : needsEmail && !address ? SUPPORT_TEXTS.emailNeeded : address && !isEmailAddress(address) ? SUPPORT_TEXTS.emailFormat : null;
    setProblem(check);
    if (check) return;
    setPending({ text, timestamp: Date.now() });
    setDraft('');
    try {
      const saved: TSupportConversation = await sendSupportMessage({ text, ...(address ? { email: address } : {}), ...(paymentId ? { paymentId } : {}) });
      queryClient.setQueryData(CONVERSATION_KEY, saved);
      const after = saved.messages.at(-1)?.id ?? 0;
      timers.current.push(setTimeout(() => notice(acknowledgement(support, saved.replyTo), after), ACK_DELAY_MS));
    } catch (err) {
      // Nothing is lost: the message goes back into the field.
      setDraft(text);
      const reason = err instanceof ApiError && err.serverMessage ? err.serverMessage : 'we could not reach our server.';
      notice(notSent(support, /[.!?]$/.test(reason) ? reason : `${reason}.`), lastId);
    } finally {
      setPending(null);
      // The Send button was disabled meanwhile: the keyboard stays in the chat.
      input.current?.focus();
    }
  };

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  const noticesAfter = (id: number) =>
    notices
      .filter((n) => n.afterId === id)
      .map((n) => <Line key={`n${n.key}`} fromSupport text={n.text} timestamp={n.timestamp} />);

  return (
    <div className="support">
      {open && (
        <section className="chat" role="dialog" aria-labelledby="chat-title" onKeyDown={(e) => e.key === 'Escape' && close()}>
          <header className="chat-head">
            <div>
              <h2 id="chat-title">{w.liveChat}</h2>
              <p>{replyTo?.channel === 'email' ? w.answersTo({ address: replyTo.address }) : replyTo ? w.answersInTelegram : w.answersByEmail}</p>
            </div>
            <button type="button" className="icon-btn" aria-label={w.closeChatShort} onClick={close}>
              ×
            </button>
          </header>
          <ol className="chat-log" role="log" aria-live="polite" ref={log}>
            <Line fromSupport text={WELCOME} timestamp={openedAt} />
            {noticesAfter(0)}
            {messages.map((m) => [<Line key={m.id} fromSupport={m.from === 'support'} text={m.text} timestamp={m.createdAt.getTime()} paymentId={m.paymentId} />, ...noticesAfter(m.id)])}
            {pending && <Line fromSupport={false} text={pending.text} timestamp={pending.timestamp} sending />}
          </ol>
          <form className="chat-form" onSubmit={(e) => void send(e)} noValidate>
            {paymentId && (
              <p className="chat-order">
                About order <code>{paymentId}</code>
                <button type="button" className="chat-order-remove" aria-label="Write without the order" onClick={() => setPaymentId(null)}>
                  ×
                </button>
              </p>
            )}
            {needsEmail && (
              <>
                <label htmlFor="chat-email" className="visually-hidden">
                  {w.emailLabel}
                </label>
                <input id="chat-email" className="input" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder={w.emailPlaceholder} />
              </>
            )}
            <div className="chat-send">
              <label htmlFor="chat-input" className="visually-hidden">
                {w.message}
              </label>
              <input id="chat-input" ref={input} className="input" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={w.messagePlaceholder} autoComplete="off" maxLength={SUPPORT_MESSAGE_MAX} />
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
      )}
      <div className="support-buttons">
        {whatsapp && (
          <a className="support-btn support-whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer" aria-label={w.whatsapp}>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
              <path
                fill="currentColor"
                d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.4.8 3.2.6a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.3-.2-.5-.3z"
              />
            </svg>
          </a>
        )}
        <button type="button" ref={launcher} className="support-btn support-chat" aria-expanded={open} aria-label={open ? w.closeChat : w.openChat} onClick={() => (open ? close() : setOpen(true))}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path fill="currentColor" d="M6 3h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4V5a2 2 0 0 1 2-2zm1 5v2h10V8zm0 4v2h7v-2z" />
          </svg>
        </button>
      </div>
    </div>
  );
}

/** One line of the chat, as text (React escapes it: nothing anyone writes is read as HTML). */
function Line({ fromSupport, text, timestamp, paymentId, sending }: { fromSupport: boolean; text: string; timestamp: number; paymentId?: string | null; sending?: boolean }) {
  return (
    <li className={fromSupport ? 'from-support' : 'from-me'}>
      <span className="visually-hidden">{fromSupport ? 'Support:' : 'You:'}</span>
      {paymentId && <span className="chat-about">About order {paymentId}</span>}
      <p>{text}</p>
      {sending ? <span className="chat-sending">Sending…</span> : <time dateTime={new Date(timestamp).toISOString()}>{time.format(timestamp)}</time>}
    </li>
  );
}
