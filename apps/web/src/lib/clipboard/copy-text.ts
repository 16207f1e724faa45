export interface CopyTextDeps {
  readonly clipboard?: Pick<Clipboard, 'writeText'> | undefined;
  readonly document?: Document;
}

/** The pre-Clipboard-API way: select a hidden textarea and ask the document to copy. */
function copyWithTextarea(text: string, doc: Document): boolean {
  const textarea = doc.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  // Off-screen but not display:none, which would make it unselectable.
  textarea.style.position = 'fixed';
  textarea.style.top = '-1000px';
  textarea.style.opacity = '0';
  doc.body.append(textarea);
  try {
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return typeof doc.execCommand === 'function' && doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}

/**
 * Copies text; true when the browser took it. The Clipboard API needs a secure context, so plain
 * http deployments and older WebViews fall back to execCommand.
 */
export async function copyText(text: string, deps: CopyTextDeps = {}): Promise<boolean> {
  const clipboard = 'clipboard' in deps ? deps.clipboard : window.navigator.clipboard;
  const doc = deps.document ?? window.document;
  if (clipboard) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permissions, no focus): the textarea route may still work.
    }
  }
  return copyWithTextarea(text, doc);
}
