/** The market's prices as the simulated users read them, for the orders and alerts they place. */
import type { BalancedApi } from './traffic';

/** Prices the users aim their limits, exits and alerts at, refreshed from `/public/prices`. */
export function createPriceWatch(api: BalancedApi) {
  const prices = new Map<string, number>();
  /** Each pair's decimals, as its quotes are written: a price sent back has no more. */
  const decimals = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const refresh = async () => {
    const answer = await api<{ data: Record<string, { price: string }> }>('/public/prices', { retry: false });
    for (const [key, quote] of Object.entries(answer?.body?.data ?? {})) {
      prices.set(key, Number(quote.price));
      decimals.set(key, quote.price.split('.')[1]?.length ?? 0);
    }
  };
  return {
    prices,
    priceOf: (symbol: string) => prices.get(`CRP:${symbol}`),
    /** `price × factor` written with the pair's decimals. */
    near: (symbol: string, factor: number) =>
      ((prices.get(`CRP:${symbol}`) ?? 0) * factor).toFixed(decimals.get(`CRP:${symbol}`) ?? 2),
    async start() {
      await refresh();
      timer = setInterval(() => void refresh(), 1_000);
    },
    stop: () => clearInterval(timer),
  };
}
export type PriceWatch = ReturnType<typeof createPriceWatch>;
