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
