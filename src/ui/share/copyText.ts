// Copy to the clipboard when the browser allows it; otherwise select the text so the reader can
// copy it (the Clipboard API needs a secure context and, in some browsers, a permission).
export type CopyOutcome = 'copied' | 'selected';

export async function copyText(
  text: string,
  field: HTMLInputElement | HTMLTextAreaElement | null,
): Promise<CopyOutcome> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return 'copied';
    }
  } catch {
    // Denied or unavailable: fall through to selecting the text.
  }
  field?.focus();
  field?.select();
  return 'selected';
}
