/** A $100 market buy of BTC on the demo account, at `leverage`: the order tests place when any will do. */
export const demoBtcBuy = (leverage = 1) => ({
  account: 'demo',
  symbol: 'BTC_USDT',
  side: 'buy',
  type: 'market',
  amount: '100',
  leverage,
});
