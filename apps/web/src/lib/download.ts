import type { Download } from './api-client';

/** Hands a downloaded file to the browser's save mechanism. */
export function saveDownload({ blob, fileName }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
