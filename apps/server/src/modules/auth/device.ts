// Names a user's device from its user agent ("Chrome on macOS") for sign-in history and mails,
// and fingerprints device plus network so a sign-in from a new device can be noticed.
import { createHash } from 'node:crypto';
import type { TLanguageCode } from '@td/contracts/auth';

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** How a language says "Chrome on macOS" and a device with no user agent. */
const DEVICE_WORDS: Record<
  TLanguageCode,
  { on: (browser: string, system: string) => string; unknown: string }
> = {
  en: { on: (browser, system) => `${browser} on ${system}`, unknown: 'Unknown device' },
  es: { on: (browser, system) => `${browser} en ${system}`, unknown: 'Dispositivo desconocido' },
  ru: { on: (browser, system) => `${browser} на ${system}`, unknown: 'Неизвестное устройство' },
};

/**
 * "Chrome on macOS": enough for a person to recognise their device in a list. The API answers in
 * English (the web app says it in the reader's language); a mail, in its reader's.
 */
export function describeDevice(userAgent: string | undefined, language: TLanguageCode = 'en'): string {
  const words = DEVICE_WORDS[language];
  if (!userAgent) return words.unknown;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return words.on(browser, system);
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** The same device as far as new-device alerts go: its description and the network it came from. */
export function deviceFingerprint(userAgent: string | undefined, ip: string): string {
  const network = ip.includes(':')
    ? ip.split(':').slice(0, 4).join(':')
    : ip.split('.').slice(0, 3).join('.');
  return createHash('sha256')
    .update(`${describeDevice(userAgent)}|${network}`)
    .digest('base64url');
}
