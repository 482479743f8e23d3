import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, escapeHtml, formatMailFigure, renderEmail } from './email-layout';

const base = {
  title: 'Verify your email address',
  preheader: 'Your code expires in 10 minutes',
  paragraphs: ['Enter this code to verify your address.'],
  brand: DEFAULT_BRAND,
};

describe('renderEmail', () => {
  it('escapes every interpolated value in the HTML, and keeps the text as typed', () => {
    const evil = '<script>alert("x")</script>';
    const { html, text } = renderEmail({
      title: `Title ${evil}`,
      preheader: `Pre ${evil}`,
      greeting: `Hi ${evil},`,
      paragraphs: [`Body ${evil} & more`],
      code: `<b>1</b>`,
      button: { label: `Go ${evil}`, url: 'https://trade.example/verify?token=a"b&c=<d>' },
      antiPhishingPhrase: `Phrase ${evil}`,
      footnote: `Note ${evil}`,
      brand: { appName: `Desk ${evil}`, supportEmail: `help${evil}@x.example` },
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>1</b>');
    expect(html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(html).toContain('Body &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(html).toContain('href="https://trade.example/verify?token=a&quot;b&amp;c=&lt;d&gt;"');
    expect(text).toContain(`Hi ${evil},`);
    expect(text).toContain(`Body ${evil} & more`);
  });

  it('prints the anti-phishing phrase in both bodies, near the top, when the user has one', () => {
    const { html, text } = renderEmail({ ...base, antiPhishingPhrase: 'blue-harbour-42' });
    expect(html).toContain(
      'Your anti-phishing code: <strong style="font-size:16px;">blue-harbour-42</strong>',
    );
    expect(text).toContain('Your anti-phishing code: blue-harbour-42');
    expect(html.indexOf('blue-harbour-42')).toBeLessThan(html.indexOf(base.paragraphs[0] ?? ''));
    expect(text.indexOf('blue-harbour-42')).toBeLessThan(text.indexOf(base.title));
  });

  it('prints no anti-phishing line when the user has none', () => {
    for (const antiPhishingPhrase of [undefined, null, '']) {
      const { html, text } = renderEmail({ ...base, antiPhishingPhrase });
      expect(html).not.toContain('anti-phishing');
      expect(text).not.toContain('anti-phishing');
    }
  });

  it('shows the code and the button link in both bodies', () => {
    const url = 'https://trade.example/authentication/emailVerification?token=abc';
    const { html, text } = renderEmail({ ...base, code: '482913', button: { label: 'Verify email', url } });
    expect(html).toMatch(/letter-spacing:8px;[^>]*>482913</);
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain('>Verify email</a>');
    expect(text).toContain('Your code: 482913');
    expect(text).toContain(`Verify email: ${url}`);
  });

  it('carries the same content in both bodies, with the brand and the footer', () => {
    const { html, text } = renderEmail({
      ...base,
      greeting: 'Hi Ann,',
      paragraphs: ['First paragraph.', 'Second paragraph.'],
      footnote: 'Did not sign up? Ignore this mail.',
    });
    for (const part of [
      'Trading Desk',
      base.title,
      'Hi Ann,',
      'First paragraph.',
      'Second paragraph.',
      'Did not sign up? Ignore this mail.',
      'Trading Desk will never ask for your password or codes.',
      'You received this email because',
    ]) {
      expect(html).toContain(part);
      expect(text).toContain(part);
    }
    expect(html).toContain(base.preheader);
    expect(html).toContain('<meta name="color-scheme" content="light">');
    expect(text).not.toContain('<');
  });

  it('refuses a button link that is not a web address', () => {
    expect(() =>
      renderEmail({ ...base, button: { label: 'Click', url: 'javascript:alert(1)' } }),
    ).toThrowError(/not http\(s\)/);
    expect(() => renderEmail({ ...base, button: { label: 'Click', url: 'not a url' } })).toThrowError();
  });
});

describe('formatMailFigure', () => {
  it("writes a figure as the mail's language does, with the decimals it came with", () => {
    expect(formatMailFigure('42842.00')).toBe('42,842.00');
    expect(formatMailFigure('42842.00', 'es')).toBe('42.842,00');
    expect(formatMailFigure('4200', 'es')).toBe('4.200');
    expect(formatMailFigure('-1234567.5', 'ru')).toBe('-1\u00a0234\u00a0567,5');
    expect(formatMailFigure('0.00012', 'es')).toBe('0,00012');
  });

  it('leaves what is no figure as given', () => {
    expect(formatMailFigure('n/a', 'es')).toBe('n/a');
    expect(formatMailFigure('1,234.5', 'es')).toBe('1,234.5');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
