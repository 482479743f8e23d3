import toast from 'react-hot-toast';
import { translateServerMessage } from './i18n';

// The product's own wording.
export const COPY_SUCCESS_MESSAGE = 'Text copied successfully!';
export const COPY_ERROR_MESSAGE = 'Error copying text!';

/**
 * The old way, for pages the Clipboard API refuses (plain http on a LAN address is not a secure
 * context): select a hidden textarea and ask the browser to copy it.
 */
function copyWithSelection(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  textarea.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
    previousFocus?.focus();
  }
}

/** Copies text and says whether it worked, in a toast. Resolves to the outcome. */
export async function copyToClipboard(text: string): Promise<boolean> {
  let isCopied = false;
  try {
    if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    isCopied = true;
  } catch {
    isCopied = copyWithSelection(text);
  }
  if (isCopied) toast.success(translateServerMessage(COPY_SUCCESS_MESSAGE), { id: 'clipboard' });
  else toast.error(translateServerMessage(COPY_ERROR_MESSAGE), { id: 'clipboard' });
  return isCopied;
}
