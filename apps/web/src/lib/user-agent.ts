// Sessions and the login history name the device the way the server stored it. When that is a raw
// User-Agent header, it is shortened here to what a person recognises: 'Chrome on macOS'; the
// server's own description is said in the reader's language.
import { readServerDevice } from './device-names';
import { t } from './i18n';

export interface TDeviceDescription {
  label: string;
  isMobile: boolean;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const MOBILE_PATTERN = /Mobi|iPhone|iPod|Android|iPad|\biOS\b/;
const USER_AGENT_PATTERN = /^Mozilla\/|AppleWebKit|Gecko\//;

const firstMatch = (value: string, table: readonly [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(value))?.[1];

/** 'Mozilla/5.0 (Macintosh; …) Chrome/120 …' → 'Chrome on macOS'; other text is kept as it is. */
export function describeDevice(device: string): TDeviceDescription {
  const text = device.trim();
  const isMobile = MOBILE_PATTERN.test(text);
  if (!text) return { label: t('device.unknown'), isMobile };
  if (!USER_AGENT_PATTERN.test(text)) {
    const named = readServerDevice(text);
    if (named?.kind === 'unknown') return { label: t('device.unknown'), isMobile };
    if (named) return { label: t('device.on', { browser: named.browser, system: named.system }), isMobile };
    return { label: text, isMobile };
  }
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser && system) return { label: t('device.on', { browser, system }), isMobile };
  return { label: browser ?? system ?? t('device.unknownBrowser'), isMobile };
}
