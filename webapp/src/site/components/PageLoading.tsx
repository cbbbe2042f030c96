/** The spinner a page shows while its code or its first data loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="Loading">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
