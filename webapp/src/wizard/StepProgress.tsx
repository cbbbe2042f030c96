import { useI18n } from '../i18n/I18n';

export interface StepProgressProps {
  labels: readonly string[];
  /** 1-based. */
  current: number;
  isDone(step: number): boolean;
  canJump(step: number): boolean;
  onJump(step: number): void;
}

/** Progress indicator: numbered badges; a completed step's badge goes back to it. */
export function StepProgress({ labels, current, isDone, canJump, onJump }: StepProgressProps) {
  const t = useI18n();
  return (
    <nav className="wz-progress" aria-label={t.web.progress}>
      <div className="wz-progress-bar" aria-hidden="true">
        <span style={{ width: `${((current - 1) / Math.max(1, labels.length - 1)) * 100}%` }} />
      </div>
      <ol>
        {labels.map((label, i) => {
          const step = i + 1;
          const done = isDone(step) && step !== current;
          const state = step === current ? 'current' : done ? 'done' : 'todo';
          return (
            <li key={label} data-state={state} aria-current={step === current ? 'step' : undefined}>
              {canJump(step) ? (
                <button type="button" className="wz-badge" onClick={() => onJump(step)} aria-label={t.web.stepBadgeChange({ n: step, label })}>
                  {done ? '✓' : step}
                </button>
              ) : (
                <span className="wz-badge" aria-label={t.web.stepBadge({ n: step, label })}>
                  {done ? '✓' : step}
                </span>
              )}
              <span className="wz-progress-label">{label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
