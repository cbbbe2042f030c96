import { useEffect, useMemo, useState } from 'react';
import type { TOperator, TPromotion } from '@topup/shared';
import { useI18n } from '../../../i18n/I18n';

const PROMOTION_MS = 3000;

/** Spec: a collapsible panel on step 1; one promotion at a time, the next every 3 s; dots jump to one. */
export function Promotions({ promotions, operators }: { promotions: TPromotion[]; operators: TOperator[] | undefined }) {
  const t = useI18n();
  const p = t.web.pages.promotions;
  const [open, setOpen] = useState(true);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const known = useMemo(() => new Set(operators?.map((o) => o.operatorId)), [operators]);
  useEffect(() => {
    if (!open || paused || promotions.length < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % promotions.length), PROMOTION_MS);
    return () => clearInterval(id);
  }, [open, paused, promotions.length, index]);
  const promo = promotions[index % promotions.length]!;
  return (
    <section
      className="promos"
      aria-label={p.title}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <button type="button" className="promos-toggle" aria-expanded={open} aria-controls="promos-body" onClick={() => setOpen(!open)}>
        <span>🎁 {p.title}</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <div id="promos-body" className="promos-body">
          <div className="promo" data-testid="promotion" data-index={index}>
            <span className="promo-icon" aria-hidden="true">
              {known.has(promo.operatorId) ? '🎁' : '🌐'}
            </span>
            <div>
              <strong>{promo.title || t.web.compact.specialPromotion}</strong>
              <p>{promo.description}</p>
            </div>
          </div>
          {promotions.length > 1 && (
            <div className="promo-dots">
              {promotions.map((promotion, i) => (
                <button
                  key={promotion.id}
                  type="button"
                  aria-label={p.show({ n: i + 1 })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                />
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
