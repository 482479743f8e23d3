import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../../platform/mail/email-layout';
import { passwordChangedEmail, passwordResetEmail } from './password-emails';
import { newDeviceEmail, signinCodeEmail, tfaChangedEmail } from './security-emails';
import { signupAttemptEmail, verificationEmail } from './signup-emails';
import { withdrawalCodeEmail } from './withdrawal-emails';

const AT = new Date('2025-03-04T14:05:00Z');
const LINK = 'https://trade.example/authentication/emailVerification?token=abc.def';
/** The user the mails are written to, in the default brand. */
const ANN = { brand: DEFAULT_BRAND, firstName: 'Ann' };

/** Both bodies hold `part`; the HTML in its escaped form. */
function expectInBoth(mail: { text: string; html: string }, part: string, htmlPart = part) {
  expect(mail.text).toContain(part);
  expect(mail.html).toContain(htmlPart);
}

/** Both bodies hold each of `parts`, written the same in the HTML. */
function expectEachInBoth(mail: { text: string; html: string }, ...parts: string[]) {
  for (const part of parts) expectInBoth(mail, part);
}

describe('the auth e-mails', () => {
  it('verificationEmail carries the code, its 10 minutes, and the one-click link', () => {
    const mail = verificationEmail({ ...ANN, code: '482913', link: LINK, antiPhishingPhrase: null });
    expect(mail.subject).toBe('Verify your email address');
    expectEachInBoth(mail, 'Hi Ann,', '482913', '10 minutes', LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.text).toContain('one click');
    expect(mail.text).not.toContain('anti-phishing');
  });

  it('passwordResetEmail carries the code and says an unasked reset changes nothing', () => {
    const mail = passwordResetEmail({ ...ANN, code: '007345', antiPhishingPhrase: 'blue-harbour' });
    expect(mail.subject).toBe('Your password reset code');
    expectEachInBoth(mail, '007345', 'If it wasn’t you, ignore this email: your password stays as it is.');
    expectInBoth(mail, 'Your anti-phishing code: blue-harbour', 'Your anti-phishing code: <strong');
    expect(mail.html).toContain('blue-harbour');
  });

  it('newDeviceEmail names the device, IP and time, and what to do if it was not the user', () => {
    const mail = newDeviceEmail({
      ...ANN,
      device: 'Firefox on <Linux>',
      ip: '203.0.113.7',
      at: AT,
      antiPhishingPhrase: undefined,
    });
    expect(mail.subject).toBe('New sign-in to your account');
    expectInBoth(mail, 'Device: Firefox on <Linux>', 'Device: Firefox on &lt;Linux&gt;');
    expectEachInBoth(
      mail,
      'IP address: 203.0.113.7',
      '4 March 2025',
      '14:05 UTC',
      'reset your password',
      'review your sessions under Security',
    );
  });

  it('newDeviceEmail clips a client-written device name that runs on', () => {
    const mail = newDeviceEmail({ ...ANN, device: 'x'.repeat(5_000), ip: '::1', at: AT });
    expect(mail.text).not.toContain('x'.repeat(121));
    expect(mail.text).toContain(`${'x'.repeat(119)}…`);
  });

  it('passwordChangedEmail says when, and what to do if it was not the user', () => {
    const mail = passwordChangedEmail({ ...ANN, at: AT, antiPhishingPhrase: 'blue-harbour' });
    expect(mail.subject).toBe('Your password was changed');
    expectEachInBoth(mail, '4 March 2025', 'If it wasn’t you', 'blue-harbour');
  });

  it('tfaChangedEmail says whether two-factor was turned on or off', () => {
    const on = tfaChangedEmail({ ...ANN, enabled: true, at: AT, antiPhishingPhrase: null });
    expect(on.subject).toBe('Two-factor authentication enabled');
    expectEachInBoth(on, 'was enabled', 'recovery codes');
    const off = tfaChangedEmail({ ...ANN, enabled: false, at: AT, antiPhishingPhrase: null });
    expect(off.subject).toBe('Two-factor authentication disabled');
    expectEachInBoth(off, 'was disabled', 'If it wasn’t you');
  });

  it('signupAttemptEmail tells the owner someone tried their address, and that nothing changed', () => {
    const mail = signupAttemptEmail({ ...ANN, antiPhishingPhrase: 'blue-harbour' });
    expect(mail.subject).toBe('Someone tried to sign up with your email');
    expectEachInBoth(mail, 'already has one', 'your account is unchanged', 'blue-harbour');
  });

  it('signinCodeEmail carries the code, the device and address asking, and what to do if it was not the user', () => {
    const mail = signinCodeEmail({
      ...ANN,
      code: '395017',
      device: 'Chrome on <Windows>',
      ip: '203.0.113.7',
      antiPhishingPhrase: 'blue-harbour',
    });
    expect(mail.subject).toBe('Confirm your sign-in');
    expectEachInBoth(mail, '395017', '10 minutes');
    expectInBoth(mail, 'Device: Chrome on <Windows>', 'Device: Chrome on &lt;Windows&gt;');
    expectEachInBoth(mail, 'IP address: 203.0.113.7', 'someone knows your password', 'blue-harbour');
  });

  it('greets a user whose first name holds markup without letting it into the HTML', () => {
    const mail = passwordResetEmail({
      brand: DEFAULT_BRAND,
      firstName: '<script>alert(1)</script>',
      code: '111111',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.text).toContain('Hi <script>alert(1)</script>,');
  });

  it('names the product and its support address as the operator set them', () => {
    const brand = { appName: 'Acme Markets', supportEmail: 'help@acme.example' };
    const mail = signupAttemptEmail({ brand, firstName: 'Ann' });
    expectEachInBoth(
      mail,
      'Someone just tried to create a Acme Markets account',
      'Questions? Write to help@acme.example.',
    );
    expect(mail.text).not.toContain('Trading Desk');
    expect(mail.html).not.toContain('Trading Desk');
  });

  describe('in the account’s language', () => {
    const base = { brand: { appName: 'Trading Desk', supportEmail: 'help@example.com' }, firstName: 'Ann' };
    const every = (language: 'en' | 'es' | 'ru') => {
      const input = { ...base, language, antiPhishingPhrase: 'blue-harbour' };
      return [
        verificationEmail({ ...input, code: '482913', link: LINK }),
        passwordResetEmail({ ...input, code: '007345' }),
        signinCodeEmail({ ...input, code: '395017', device: 'Chrome', ip: '203.0.113.7' }),
        signupAttemptEmail(input),
        newDeviceEmail({ ...input, device: 'Chrome', ip: '203.0.113.7', at: AT }),
        passwordChangedEmail({ ...input, at: AT }),
        tfaChangedEmail({ ...input, enabled: true, at: AT }),
        tfaChangedEmail({ ...input, enabled: false, at: AT }),
        withdrawalCodeEmail({
          ...input,
          code: '555123',
          amount: '50.00',
          coin: 'USDT',
          network: 'Tron',
          address: 'TXYZ',
        }),
      ];
    };
    const english = every('en');

    it.each([
      [
        'es',
        'Hola, Ann:',
        'Tu código antiphishing: blue-harbour',
        '¿Tienes preguntas? Escribe a help@example.com.',
      ],
      [
        'ru',
        'Здравствуйте, Ann!',
        'Ваш антифишинговый код: blue-harbour',
        'Есть вопросы? Напишите на help@example.com.',
      ],
    ] as const)(
      '%s: every mail, its greeting and the layout’s own words',
      (language, greeting, phrase, questions) => {
        every(language).forEach((mail, index) => {
          const inEnglish = english[index];
          expect(mail.subject).not.toBe(inEnglish?.subject);
          expect(mail.html).toContain(`<html lang="${language}">`);
          expectInBoth(mail, greeting);
          expectInBoth(mail, phrase, phrase.replace(': blue-harbour', ''));
          expectInBoth(mail, questions);
          expect(mail.text).not.toMatch(/\b(Hi|Your code|You received this email|If it wasn’t you)\b/);
        });
      },
    );

    it('writes the time in the language, in UTC', () => {
      const [es] = [newDeviceEmail({ ...base, language: 'es', device: 'Chrome', ip: '::1', at: AT })];
      expectEachInBoth(es, '4 de marzo de 2025', '14:05 UTC');
      const ru = passwordChangedEmail({ ...base, language: 'ru', at: AT });
      expectInBoth(ru, '4 марта 2025');
    });
  });
});
