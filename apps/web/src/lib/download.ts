/** Hands `blob` to the browser as a download named `fileName` (a superbill, a record, recovery codes). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file as the server sends a document: its name, type and bytes in base64. */
export interface DownloadedFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly base64: string;
}

export function saveDownloadedFile(file: DownloadedFile): void {
  const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
  saveFile(new Blob([bytes], { type: file.contentType }), file.fileName);
}
