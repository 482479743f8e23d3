// A device's name for lists and mails, in the reader's language; its fingerprint in none.
import { describe, expect, it } from 'vitest';
import { describeDevice, deviceFingerprint } from './device';

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('a device’s name', () => {
  it('is its browser on its system, in the mail reader’s language', () => {
    expect(describeDevice(MAC_CHROME)).toBe('Chrome on macOS');
    expect(describeDevice(MAC_CHROME, 'es')).toBe('Chrome en macOS');
    expect(describeDevice(MAC_CHROME, 'ru')).toBe('Chrome на macOS');
    expect(describeDevice(undefined, 'es')).toBe('Dispositivo desconocido');
    expect(describeDevice(undefined, 'ru')).toBe('Неизвестное устройство');
    // A program's own agent: what it says of itself, clipped.
    expect(describeDevice('curl/8.5.0', 'ru')).toBe('curl/8.5.0');
  });

  it('leaves the fingerprint the same in every language', () => {
    expect(deviceFingerprint(MAC_CHROME, '203.0.113.7')).toBe(deviceFingerprint(MAC_CHROME, '203.0.113.200'));
    expect(deviceFingerprint(MAC_CHROME, '203.0.113.7')).not.toBe(
      deviceFingerprint(MAC_CHROME, '198.51.100.7'),
    );
  });
});
