import { useEffect, type RefObject } from 'react';

/** What a customer acts on: the support buttons never lie over one. */
const ACTIONABLE = 'a[href], button, input, select, textarea, [role="button"], [role="radio"], [role="checkbox"], [role="tab"]';

/** A phone, where the buttons sit over the page's content rather than beside it. */
const NARROW = '(max-width: 479px)';

/** How far up the buttons may move to find a free spot: beyond, they hide until the page scrolls on. */
const MAX_LIFT_SHARE = 0.5;
const STEP = 12;

/**
 * On a phone, the support buttons (fixed at the bottom right) move up past any control the page
 * has scrolled under them, to the first free spot, and hide while none is free: the customer's
 * buttons and fields are never covered. `widget` is the fixed element, moved by its `--support-lift`
 * and hidden by `data-aside`; `buttons` what it shows while the chat is closed (`enabled`).
 */
export function useStepAside(widget: RefObject<HTMLElement | null>, buttons: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const el = widget.current;
    if (!el) return;
    let lift = 0;
    const set = (up: number, hidden: boolean) => {
      lift = up;
      el.style.setProperty('--support-lift', `${up}px`);
      el.toggleAttribute('data-aside', hidden);
    };
    if (!enabled) return set(0, false);
    const narrow = window.matchMedia(NARROW);
    let frame = 0;
    const place = () => {
      frame = 0;
      const box = buttons.current?.getBoundingClientRect();
      if (!box || !narrow.matches) return set(0, false);
      // The buttons' own place, whatever lift they are drawn at now.
      const top = box.top + lift;
      const bottom = box.bottom + lift;
      for (let up = 0; up <= window.innerHeight * MAX_LIFT_SHARE; up += STEP) {
        if (!coversControl(box.left, box.right, top - up, bottom - up, el)) return set(up, false);
      }
      set(0, true);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // The page changes under the buttons without a scroll too (a step opens, a list loads).
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      changes.disconnect();
    };
  }, [widget, buttons, enabled]);
}

/** Whether a control of the page (not of the widget) lies anywhere under the box. */
function coversControl(left: number, right: number, top: number, bottom: number, own: HTMLElement | null): boolean {
  // A grid of points across the box, a pixel in from its edges: controls are never smaller than its spacing.
  for (const x of spread(left + 1, right - 1)) {
    for (const y of spread(top + 1, bottom - 1)) {
      for (const el of document.elementsFromPoint(x, y)) {
        if (own?.contains(el)) continue;
        if (el.closest(ACTIONABLE)) return true;
      }
    }
  }
  return false;
}

const spread = (from: number, to: number) => [from, (from + to) / 2, to, from + (to - from) / 4, from + ((to - from) * 3) / 4];
