/** Hands a file built or fetched by the app to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is released once the browser has it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
