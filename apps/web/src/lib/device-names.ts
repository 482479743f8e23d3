// The browsers and systems a device is named by ("Chrome on macOS"), found in a User-Agent header;
// and the server's English name of a device read back into its parts, so that the screens say it
// in the reader's language.

/** Each browser by what its User-Agent header says, the first match winning. */
export const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

/** Each system by what its User-Agent header says, the first match winning. */
export const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** The names the server uses too (apps/server/src/modules/auth/device.ts). */
const BROWSER_NAMES = new Set(BROWSERS.map(([, name]) => name));
const SYSTEM_NAMES = new Set(SYSTEMS.map(([, name]) => name));
const SERVER_UNKNOWN = 'Unknown device';

export type TServerDevice = { kind: 'unknown' } | { kind: 'on'; browser: string; system: string };

/** "Chrome on macOS" → its browser and system; "Unknown device" → unknown; any other text → undefined. */
export function readServerDevice(text: string): TServerDevice | undefined {
  if (text === SERVER_UNKNOWN) return { kind: 'unknown' };
  const at = text.indexOf(' on ');
  if (at < 0) return undefined;
  const browser = text.slice(0, at);
  const system = text.slice(at + ' on '.length);
  return BROWSER_NAMES.has(browser) && SYSTEM_NAMES.has(system) ? { kind: 'on', browser, system } : undefined;
}
