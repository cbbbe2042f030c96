import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from '../../api/queries';
import { useI18n } from '../../i18n/I18n';
import { SITE_NAME } from '../meta';
import { SUPPORT_OPEN_EVENT, supportRequestInUrl, whatsappLink } from '../support';
import { useStepAside } from './step-aside';

// The chat's code comes with its first opening: the shell of every page carries only the buttons.
const SupportChat = lazy(() => import('./SupportChat'));

/**
 * The support widget (spec section 2), on every screen but /app: a WhatsApp link with a prefilled
 * greeting, and the live chat (./SupportChat.tsx), opened by its button, by the order page's "Contact
 * support" (SUPPORT_OPEN_EVENT, with the order) or by a link asking for it.
 */
export function SupportWidget() {
  const config = useQuery(siteConfigQuery());
  const { web } = useI18n();
  const w = web.supportWidget;
  const [open, setOpen] = useState(false);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const widget = useRef<HTMLDivElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  useStepAside(widget, buttons, !open);

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

  const whatsapp = whatsappLink(config.data?.support?.whatsapp, web.pages.chat.whatsappGreeting({ site: SITE_NAME }));
  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  return (
    <div className="support" ref={widget}>
      {open && (
        <Suspense fallback={null}>
          <SupportChat paymentId={paymentId} onClearOrder={() => setPaymentId(null)} onClose={close} />
        </Suspense>
      )}
      <div className="support-buttons" ref={buttons}>
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
        <button
          type="button"
          ref={launcher}
          className="support-btn support-chat"
          aria-expanded={open}
          aria-label={open ? w.closeChat : w.openChat}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path fill="currentColor" d="M6 3h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4V5a2 2 0 0 1 2-2zm1 5v2h10V8zm0 4v2h7v-2z" />
          </svg>
        </button>
      </div>
    </div>
  );
}
