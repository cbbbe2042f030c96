import { useEffect, useRef, useState } from 'react';
import type { TCountry, TDetectPhoneResponse, TOperator } from '@topup/shared';
import { detectPhone } from '../api/phone';
import { useI18n } from '../i18n/I18n';
import { apiErrorText } from '../shared';

export interface Detected {
  country: TCountry;
  operator: TOperator;
  /** The number without its country code, as the phone step's field takes it. */
  phone: string;
}

export interface NumberFirstProps {
  /** The customer confirmed the detected country and operator (or pasted a number that names both). */
  onDetected(detected: Detected): void;
}

/** Enough digits to be a full international number worth asking about (the shortest are 8 with the code). */
const worthAsking = (text: string) => text.replace(/\D/g, '').length >= 8;

/** What the API made of a number being typed: the detection to confirm, or why it has none. */
export interface NumberDetection {
  found: Detected | null;
  problem: string | null;
  pending: boolean;
  /** Call on a paste: the next text is asked about at once, and goes straight on if the API places it. */
  pasted(): void;
}

/**
 * Asks the API about a full international number as it is typed (after a pause) or pasted (at once);
 * `onPasted` gets a pasted number that the API placed with its country and operator.
 */
export function useNumberDetection(text: string, onPasted: (detected: Detected) => void): NumberDetection {
  const t = useI18n();
  const [result, setResult] = useState<{ for: string; answer: TDetectPhoneResponse } | null>(null);
  const [pending, setPending] = useState(false);
  const pasted = useRef(false);
  const onPastedRef = useRef(onPasted);
  onPastedRef.current = onPasted;

  useEffect(() => {
    const typed = text.trim();
    if (!worthAsking(typed)) {
      setResult(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setPending(true);
        detectPhone(typed, controller.signal).then(
          (answer) => {
            setPending(false);
            setResult({ for: typed, answer });
            const found = detectedOf(answer);
            if (found && pasted.current) onPastedRef.current(found);
            pasted.current = false;
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setPending(false);
            console.error('number detection failed', error);
          },
        );
      },
      pasted.current ? 0 : 450,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const answer = result?.for === text.trim() ? result.answer : null;
  const found = answer && detectedOf(answer);
  const problem = answer && !found ? (answer.error ? apiErrorText(t.common, answer.error, t.locale === 'en') : t.common.phoneErrors.invalidFormat) : null;
  return {
    found,
    problem,
    pending,
    pasted: () => {
      pasted.current = true;
    },
  };
}

/** The detected country and operator, and the button that takes them. */
export function DetectedConfirm({ found, onConfirm }: { found: Detected; onConfirm?(): void }) {
  const t = useI18n();
  return (
    <div className="wz-detected" role="status">
      <span data-testid="number-detected">{t.common.numberFirst.detected({ country: t.countryName(found.country), operator: found.operator.name })}</span>
      <button type={onConfirm ? 'button' : 'submit'} className="wz-button" onClick={onConfirm}>
        {t.common.numberFirst.confirm}
      </button>
    </div>
  );
}

/**
 * Number first (the flows' first step): a full international number, pasted or typed with or without
 * '+', spaces or dashes; the API's detection names the country and the operator, shown for confirmation.
 * A pasted number that the API places goes straight on; the manual country → operator path stays below.
 */
export function NumberFirst({ onDetected }: NumberFirstProps) {
  const t = useI18n();
  const [text, setText] = useState('');
  const { found, problem, pending, pasted } = useNumberDetection(text, onDetected);
  const nf = t.common.numberFirst;

  return (
    <form
      className="wz-number-first"
      onSubmit={(e) => {
        e.preventDefault();
        if (found) onDetected(found);
      }}
      noValidate
    >
      <label className="wz-label" htmlFor="wz-number-first">
        {nf.prompt}
      </label>
      <div className="wz-number-row">
        <input
          id="wz-number-first"
          className="wz-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+237 677 12 34 56"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPaste={pasted}
          aria-describedby="wz-number-first-hint"
          aria-invalid={problem ? true : undefined}
          enterKeyHint="go"
        />
      </div>
      <p id="wz-number-first-hint" className="wz-hint">
        {pending ? t.web.detecting : nf.hint}
      </p>
      {found && <DetectedConfirm found={found} />}
      {problem && (
        <p className="wz-field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function detectedOf(answer: TDetectPhoneResponse): Detected | null {
  if (!answer.valid || !answer.country || !answer.operator) return null;
  return { country: answer.country, operator: answer.operator, phone: answer.nationalNumber ?? '' };
}
