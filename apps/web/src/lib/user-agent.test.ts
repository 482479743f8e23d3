import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyLanguage, translateServerMessage } from './i18n';
import { describeDevice } from './user-agent';

describe('describeDevice', () => {
  it('names the browser and system of a raw User-Agent', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toEqual({ label: 'Chrome on macOS', isMobile: false });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ label: 'Safari on iOS', isMobile: true });
    expect(
      describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0')
        .label,
    ).toBe('Firefox on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      ).label,
    ).toBe('Edge on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      ),
    ).toEqual({ label: 'Chrome on Android', isMobile: true });
  });

  it('keeps a description the server already made readable', () => {
    expect(describeDevice('Chrome on Linux')).toEqual({ label: 'Chrome on Linux', isMobile: false });
    expect(describeDevice('node')).toEqual({ label: 'node', isMobile: false });
    expect(describeDevice('  ').label).toBe('Unknown device');
  });

  describe('in the reader’s language', () => {
    // The language is set on the page's root element: a stand-in for it, as in the i18n tests.
    beforeAll(() => vi.stubGlobal('document', { documentElement: { lang: 'en' } }));
    afterEach(async () => {
      await applyLanguage('en');
    });
    afterAll(() => vi.unstubAllGlobals());

    it('says the server’s description in Spanish and Russian, and leaves other text alone', async () => {
      await applyLanguage('es');
      expect(describeDevice('Chrome on macOS').label).toBe('Chrome en macOS');
      expect(describeDevice('Unknown device').label).toBe('Dispositivo desconocido');
      expect(describeDevice('Firefox on Windows').label).toBe('Firefox en Windows');
      // Not a pair the server names: kept as sent.
      expect(describeDevice('Trading bot on my server').label).toBe('Trading bot on my server');
      await applyLanguage('ru');
      expect(describeDevice('Safari on iOS')).toEqual({ label: 'Safari на iOS', isMobile: true });
      expect(translateServerMessage('New sign-in from Chrome on macOS (203.0.113.7)')).toBe(
        'Новый вход: Chrome на macOS (203.0.113.7)',
      );
    });
  });
});
