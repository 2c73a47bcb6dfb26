// Save a Blob as a file: a detached <a download> pointing at a blob: URL. The anchor never
// enters the document, so React's DOM is untouched; the URL is freed once the click is handled.
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
