import { escapeHtml } from './email-layout';
import { OUTBOX_PATH, type OutboxMail } from './outbox';

/**
 * The outbox page's own policy: its styles are inline, a mail's HTML is shown in a sandboxed frame
 * of the page (no script runs anywhere), and no address is sent on as a referrer (a mail's links
 * hold tokens).
 */
export const OUTBOX_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
};

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0 auto; max-width: 960px; padding: 24px 16px; line-height: 1.5; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .note { color: GrayText; margin: 0 0 20px; font-size: 14px; }
  table { border-collapse: collapse; width: 100%; font-size: 14px; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid color-mix(in srgb, CanvasText 15%, transparent); vertical-align: top; }
  td.when { white-space: nowrap; color: GrayText; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 20px; font-size: 14px; }
  dt { color: GrayText; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 16px; border-radius: 8px; font-size: 14px;
        background: color-mix(in srgb, CanvasText 6%, transparent); }
  iframe { width: 100%; height: 720px; border: 1px solid color-mix(in srgb, CanvasText 15%, transparent); border-radius: 8px; background: #fff; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

const NOTE =
  'Development only: SMTP_URL is not set, so the mails this server sends are kept here (and in DATA_DIR/outbox as .eml files) instead of being delivered.';

/** "2026-11-27 10:11:12 UTC". */
const whenOf = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/** The outbox, newest first. */
export function renderOutboxList(mails: readonly OutboxMail[]): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td class="when">${escapeHtml(whenOf(mail.sentAt))}</td><td>${escapeHtml(mail.to)}</td><td><a href="${OUTBOX_PATH}/${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</a></td></tr>`,
    )
    .join('');
  const content =
    mails.length > 0
      ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No mail yet. Sign up, and the verification mail appears here (reload the page).</p>';
  return page('Outbox', `<h1>Outbox</h1><p class="note">${escapeHtml(NOTE)}</p>${content}`);
}

const WEB_LINK = /https?:\/\/[^\s<>"']+/g;

/** Plain text, escaped, with its web addresses as links. */
export function linkified(text: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(WEB_LINK)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index ?? 0;
    html += `${escapeHtml(text.slice(at, start))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    at = start + url.length;
  }
  return html + escapeHtml(text.slice(at));
}

/** A mail's HTML for the frame: its links open in the page's tab, not inside the frame. */
function framed(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : base + html;
}

/** One mail: who, when, its text with working links, and its HTML as a mail client shows it. */
export function renderOutboxMail(mail: OutboxMail): string {
  const body = `<p><a href="${OUTBOX_PATH}">← Outbox</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<p class="note">${escapeHtml(NOTE)}</p>
<dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Sent</dt><dd>${escapeHtml(whenOf(mail.sentAt))}</dd></dl>
<h2>Text</h2>
<pre>${linkified(mail.text)}</pre>
<h2>HTML</h2>
<iframe title="The mail as HTML" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(framed(mail.html))}"></iframe>`;
  return page(mail.subject, body);
}
