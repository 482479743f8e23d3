import { describe, expect, it } from 'vitest';
import type { OutboxMail } from './outbox';
import { linkified, renderOutboxList, renderOutboxMail } from './outbox-page';

const MAIL: OutboxMail = {
  id: '2026-11-27T10-11-12.345Z-0123abcd',
  from: 'Trading Desk <no-reply@localhost>',
  to: 'ann@example.com',
  subject: 'Verify <your> email',
  text: 'Your code: 482913\nVerify email: http://localhost:3000/authentication/emailVerification?token=a.b-c&x=1.',
  html: '<html><head><title>x</title></head><body><a href="http://localhost:3000/v?token=t">Go</a><script>alert(1)</script></body></html>',
  sentAt: '2026-11-27T10:11:12.345Z',
};

describe('linkified', () => {
  it('makes web addresses links, escapes the rest, and leaves trailing punctuation out of the link', () => {
    expect(linkified('see <http://x.test/a?b=1&c=2>, then https://y.test/z.')).toBe(
      'see &lt;<a href="http://x.test/a?b=1&amp;c=2">http://x.test/a?b=1&amp;c=2</a>&gt;, then <a href="https://y.test/z">https://y.test/z</a>.',
    );
    expect(linkified('javascript:alert(1) <b>')).toBe('javascript:alert(1) &lt;b&gt;');
  });
});

describe('renderOutboxList', () => {
  it('lists each mail with its time, recipient and a link to it, escaped', () => {
    const html = renderOutboxList([MAIL]);
    expect(html).toContain('<td class="when">2026-11-27 10:11:12 UTC</td>');
    expect(html).toContain(`<a href="/dev/outbox/${MAIL.id}">Verify &lt;your&gt; email</a>`);
    expect(html).not.toContain('<your>');
  });

  it('says so when there is no mail yet', () => {
    expect(renderOutboxList([])).toContain('No mail yet');
  });
});

describe('renderOutboxMail', () => {
  it('shows the text with its whole link and the HTML in a frame that runs no script', () => {
    const html = renderOutboxMail(MAIL);
    expect(html).toContain(
      '<a href="http://localhost:3000/authentication/emailVerification?token=a.b-c&amp;x=1">',
    );
    expect(html).toContain('Your code: 482913');
    const frame = /<iframe [^>]*sandbox="([^"]*)"[^>]*srcdoc="([^"]*)"/.exec(html);
    expect(frame?.[1]).not.toContain('allow-scripts');
    expect(frame?.[1]).not.toContain('allow-same-origin');
    // The mail's HTML is only inside the attribute, escaped; its links open in the page's tab.
    expect(html).not.toContain('<script>');
    expect(frame?.[2]).toContain('&lt;head&gt;&lt;base target=&quot;_top&quot;&gt;');
  });
});
