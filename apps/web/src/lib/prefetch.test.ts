import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetch, requestKey, takePrefetched } from './prefetch';

describe('GETs asked for early', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('are keyed by path and parameters in name order, without empty ones', () => {
    expect(requestKey('/public/klines', { symbol: 'BTC_USDT', interval: '60', limit: 500 })).toBe(
      '/public/klines?interval=60&limit=500&symbol=BTC_USDT',
    );
    expect(requestKey('/pairs', {})).toBe('/pairs');
    expect(requestKey('/pairs', { q: undefined })).toBe('/pairs');
  });

  it('hand their body over once, and only a successful one', async () => {
    const answers = [
      new Response(JSON.stringify({ message: 'ok', data: [1] }), { status: 200 }),
      new Response('{}', { status: 401 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    );
    prefetch('/pairs');
    expect(await takePrefetched('/pairs', {})).toEqual({ body: { message: 'ok', data: [1] } });
    expect(await takePrefetched('/pairs')).toBeUndefined();
    prefetch('/profile');
    expect(await takePrefetched('/profile')).toEqual({ failedWith: null });
  });

  it('are not used once they are old', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"ok","data":1}', { status: 200 })),
    );
    prefetch('/public/prices');
    vi.advanceTimersByTime(16_000);
    expect(await takePrefetched('/public/prices')).toBeUndefined();
  });
});
