// The server names a device in English ("Chrome on macOS", "Unknown device"): these read such a
// name back into its parts, so that the screens say it in the reader's language.

/** The browsers and systems the server names (apps/server/src/modules/auth/device.ts). */
const BROWSER_NAMES = new Set(['Edge', 'Opera', 'Samsung Internet', 'Firefox', 'Chrome', 'Safari']);
const SYSTEM_NAMES = new Set(['iOS', 'Android', 'macOS', 'Windows', 'ChromeOS', 'Linux']);
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
