import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from '../../api/queries';
import { cannedReply, whatsappLink } from '../support';

interface ChatMessage {
  id: number;
  text: string;
  fromSupport: boolean;
  timestamp: number;
}

const WELCOME = 'Hi there! 👋 Welcome to CRYPTO TOP-UPS support. How can we help you today?';
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/**
 * The support widget (spec section 2), on every screen but /app: a WhatsApp link with a prefilled
 * greeting, and a local live chat that starts with a welcome message and answers one second after each
 * message with the support contacts. Blank messages are ignored. No server call.
 */
export function SupportWidget() {
  const config = useQuery(siteConfigQuery());
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>(() => [{ id: 0, text: WELCOME, fromSupport: true, timestamp: Date.now() }]);
  const [draft, setDraft] = useState('');
  const nextId = useRef(1);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLOListElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener('support:open', show);
    return () => window.removeEventListener('support:open', show);
  }, []);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages, open]);

  const support = config.data?.support;
  const whatsapp = whatsappLink(support?.whatsapp);

  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setMessages((list) => [...list, { id: nextId.current++, text, fromSupport: false, timestamp: Date.now() }]);
    setDraft('');
    timers.current.push(
      setTimeout(() => {
        setMessages((list) => [...list, { id: nextId.current++, text: cannedReply(support), fromSupport: true, timestamp: Date.now() }]);
      }, 1000),
    );
  };

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  return (
    <div className="support">
      {open && (
        <section className="chat" role="dialog" aria-labelledby="chat-title" onKeyDown={(e) => e.key === 'Escape' && close()}>
          <header className="chat-head">
            <div>
              <h2 id="chat-title">Live chat</h2>
              <p>We usually answer within minutes</p>
            </div>
            <button type="button" className="icon-btn" aria-label="Close chat" onClick={close}>
              ×
            </button>
          </header>
          <ol className="chat-log" role="log" aria-live="polite" ref={log}>
            {messages.map((m) => (
              <li key={m.id} className={m.fromSupport ? 'from-support' : 'from-me'}>
                <span className="visually-hidden">{m.fromSupport ? 'Support:' : 'You:'}</span>
                <p>{m.text}</p>
                <time dateTime={new Date(m.timestamp).toISOString()}>{time.format(m.timestamp)}</time>
              </li>
            ))}
          </ol>
          <form className="chat-form" onSubmit={send}>
            <label htmlFor="chat-input" className="visually-hidden">
              Message
            </label>
            <input id="chat-input" ref={input} className="input" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Type your message..." autoComplete="off" maxLength={1000} />
            <button type="submit" className="btn btn-primary">
              Send
            </button>
          </form>
        </section>
      )}
      <div className="support-buttons">
        {whatsapp && (
          <a className="support-btn support-whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer" aria-label="Chat with us on WhatsApp">
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
              <path
                fill="currentColor"
                d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.4.8 3.2.6a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.3-.2-.5-.3z"
              />
            </svg>
          </a>
        )}
        <button type="button" ref={launcher} className="support-btn support-chat" aria-expanded={open} aria-label={open ? 'Close live chat' : 'Open live chat'} onClick={() => (open ? close() : setOpen(true))}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path fill="currentColor" d="M6 3h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4V5a2 2 0 0 1 2-2zm1 5v2h10V8zm0 4v2h7v-2z" />
          </svg>
        </button>
      </div>
    </div>
  );
}
