import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { DEFAULT_PASSWORD, uniqueEmail } from '../support/factories';
import { expectTitle, useJourneyEnvironment, waitForPath } from '../support/journey';

// The signup journey in each language the product speaks, from a browser that prefers it: the
// screens, the field checks, the e-mailed code and the figures of the first Dashboard in that
// language; the switch changes it and keeps the pick.

const env = useJourneyEnvironment();

const LANGUAGES = [
  {
    locale: 'es-ES',
    name: 'Español',
    title: 'Crea tu cuenta',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    email: 'Correo electrónico',
    password: 'Contraseña',
    confirm: 'Confirmar contraseña',
    terms: /^Acepto las/,
    submit: 'Crear cuenta',
    emailRequired: 'Introduce tu correo electrónico',
    verifyTitle: 'Verifica tu correo',
    subject: /^Verifica tu correo electrónico$/,
    code: 'Código de verificación',
    balance: '10.000,00 USD',
    dashboard: 'Panel',
    tradeTab: 'Operar',
    firstTrade: 'Haz tu primera operación demo',
  },
  {
    locale: 'ru-RU',
    name: 'Русский',
    title: 'Создайте аккаунт',
    firstName: 'Имя',
    lastName: 'Фамилия',
    email: 'Электронная почта',
    password: 'Пароль',
    confirm: 'Повторите пароль',
    terms: /^Я принимаю/,
    submit: 'Создать аккаунт',
    emailRequired: 'Введите адрес электронной почты',
    verifyTitle: 'Подтвердите почту',
    subject: /^Подтвердите адрес электронной почты$/,
    code: 'Код подтверждения',
    balance: '10\u00a0000,00 USD',
    dashboard: 'Обзор',
    tradeTab: 'Торговля',
    firstTrade: 'Сделайте первую демо-сделку',
  },
] as const;

describe('signing up in each language', () => {
  for (const language of LANGUAGES) {
    it(`${language.name}: screens, checks, e-mail and figures in ${language.locale}`, async () => {
      const page = await env.openPage({ locale: language.locale, viewport: { width: 375, height: 812 } });
      await page.goto('/authentication/signup');
      await expectTitle(page, language.title);
      expect(await page.locator('html').getAttribute('lang')).toBe(language.locale.slice(0, 2));
      await screenshot(page, `signup-${language.locale.slice(0, 2)}-375-dark`, { fullPage: true });

      // The form's own checks speak the language too.
      await page.getByRole('button', { name: language.submit }).click();
      await page.getByText(language.emailRequired).waitFor();

      const email = uniqueEmail(`signup${language.locale.slice(0, 2)}`);
      await page.getByLabel(language.firstName, { exact: true }).fill('Grace');
      await page.getByLabel(language.lastName, { exact: true }).fill('Hopper');
      await page.getByLabel(language.email, { exact: true }).fill(email);
      await page.getByLabel(language.password, { exact: true }).fill(DEFAULT_PASSWORD);
      await page.getByLabel(language.confirm, { exact: true }).fill(DEFAULT_PASSWORD);
      await page.getByRole('checkbox', { name: language.terms }).check();
      await page.getByRole('button', { name: language.submit }).click();

      await waitForPath(page, '/authentication/emailVerification');
      await expectTitle(page, language.verifyTitle);
      const mail = await env.mailbox.waitForMail(email, language.subject);
      await page.getByLabel(language.code).fill(mail.code());
      await waitForPath(page, '/dashboard/home');
      await expectTitle(page, language.dashboard);
      const welcome = page.getByTestId('welcome');
      await welcome.getByText(language.balance).waitFor();
      await welcome.getByRole('link', { name: language.firstTrade }).waitFor();
      await page.getByRole('navigation').getByRole('link', { name: language.tradeTab }).waitFor();
      await screenshot(page, `welcome-${language.locale.slice(0, 2)}-375-dark`);
    });
  }

  it('follows the switch, and keeps the pick over the browser’s preference', async () => {
    const page = await env.openPage({ locale: 'ru-RU' });
    await page.goto('/authentication/login');
    await expectTitle(page, 'Вход');
    await page.getByRole('combobox', { name: 'Язык' }).selectOption({ label: 'Español' });
    await expectTitle(page, 'Iniciar sesión');
    await page.reload();
    await expectTitle(page, 'Iniciar sesión');
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption({ label: 'English' });
    await expectTitle(page, 'Log in');
  });
});
