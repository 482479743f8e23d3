// Sessions and the login history name the device the way the server stored it. When that is a raw
// User-Agent header, it is shortened here to what a person recognises: 'Chrome on macOS'; the
// server's own description is said in the reader's language.
import { BROWSERS, SYSTEMS } from './device-names';
import { serverDeviceText, t } from './i18n';

export interface TDeviceDescription {
  label: string;
  isMobile: boolean;
}

const MOBILE_PATTERN = /Mobi|iPhone|iPod|Android|iPad|\biOS\b/;
const USER_AGENT_PATTERN = /^Mozilla\/|AppleWebKit|Gecko\//;

const firstMatch = (value: string, table: readonly [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(value))?.[1];

/** 'Mozilla/5.0 (Macintosh; …) Chrome/120 …' → 'Chrome on macOS'; other text is kept as it is. */
export function describeDevice(device: string): TDeviceDescription {
  const text = device.trim();
  const isMobile = MOBILE_PATTERN.test(text);
  if (!text) return { label: t('device.unknown'), isMobile };
  if (!USER_AGENT_PATTERN.test(text)) return { label: serverDeviceText(text) ?? text, isMobile };
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser && system) return { label: t('device.on', { browser, system }), isMobile };
  return { label: browser ?? system ?? t('device.unknownBrowser'), isMobile };
}
