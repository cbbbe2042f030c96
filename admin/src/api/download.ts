/** Saves a CSV answer under the file name the server gave it (Content-Disposition), else `fallback`; returns the name. */
export async function saveDownload(res: Response, fallback: string): Promise<string> {
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
