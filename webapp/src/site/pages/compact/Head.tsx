import { useI18n } from '../../../i18n/I18n';

/** /app's head: Back (from step 2 on), the step's title and 'Step n of 6', and the progress bar. */
export function CompactHead({ step, title, onBack }: { step: number; title: string; onBack(): void }) {
  const t = useI18n();
  return (
    <>
      <header className="compact-head">
        {step > 1 ? (
          <button type="button" className="compact-back" aria-label={t.web.compact.back} onClick={onBack}>
            ←
          </button>
        ) : (
          <span className="compact-back-placeholder" aria-hidden="true" />
        )}
        <div>
          <h1>{title}</h1>
          <p className="compact-step">{t.web.stepOf({ n: step, total: 6 })}</p>
        </div>
      </header>
      <div className="compact-progress" aria-hidden="true">
        <span style={{ width: `${(step / 6) * 100}%` }} />
      </div>
    </>
  );
}
