import { useI18n } from '../../i18n/I18n';

/** The spinner a page shows while its code or its first data loads. */
export function PageLoading() {
  const { web } = useI18n();
  return (
    <div className="page-loading" role="status" aria-label={web.loading}>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
