import { useI18n } from '../../i18n/I18n';
import { LOCALE_CODES, LOCALE_NAMES, isLocale } from '../../shared';

/** The header's language switch: the choice is remembered (site/locale.ts) and wins over the browser's. */
export function LanguageSwitch() {
  const { locale, setLocale, web } = useI18n();
  return (
    <select
      className="language-switch"
      aria-label={web.language}
      value={locale}
      onChange={(e) => isLocale(e.target.value) && setLocale(e.target.value)}
      data-testid="language-switch"
    >
      {LOCALE_CODES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
