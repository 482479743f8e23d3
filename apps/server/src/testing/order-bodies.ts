/** A $100 market buy of BTC on the demo account, at `leverage`: the order tests place when any will do. */
export const demoBtcBuy = (leverage = 1) => ({
  account: 'demo',
  symbol: 'BTC_USDT',
  side: 'buy',
  type: 'market',
  amount: '100',
  leverage,
});
/** A $1,000 market buy of BTC at 10× on the real account: a $0.50 fee, $0.10 of it a referrer's at 20 %. */
export const realBtcBuy = () => ({
  account: 'real',
  side: 'buy',
  type: 'market',
  amount: '1000',
  leverage: 10,
});
/** The sizes the trading scenarios trade: $1,000 at 10× (margin $100, fee $0.50) and $500 at 5×. */
export const LOT = { amount: '1000', leverage: 10 };
export const SMALL_LOT = { amount: '500', leverage: 5 };
