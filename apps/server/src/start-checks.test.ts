import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { developmentKeys, mainNetworksOnDevelopmentKeys, unsafeProductionSettings } from './start-checks';

const OWN_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const OWN_HOT_KEY = `0x${'5'.repeat(64)}`;
const SAFE = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://trade.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  JWT_SECRET: 'x'.repeat(48),
  KYC_ENCRYPTION_KEY: '7'.repeat(64),
  MARKET_FEED: 'binance',
  WALLET_MNEMONIC: OWN_MNEMONIC,
  WALLET_HOT_KEY: OWN_HOT_KEY,
};
const config = (env: Record<string, string>) => loadConfig(env, '/srv/td');

describe('production settings', () => {
  it('a deployment with its own keys, mail, https, secret and a live feed has nothing unsafe', () => {
    expect(unsafeProductionSettings(config(SAFE))).toEqual([]);
  });

  it('the defaults name each unsafe setting on its own', () => {
    const problems = unsafeProductionSettings(config({ APP_ENV: 'production' }));
    expect(problems).toHaveLength(7);
    expect(problems[0]).toMatch(/^WALLET_MNEMONIC: .*public development mnemonic/);
    expect(problems[1]).toMatch(/^WALLET_HOT_KEY: .*public development key/);
    expect(problems[2]).toMatch(/^SMTP_URL is not set/);
    expect(problems[3]).toBe('PUBLIC_URL must be an https:// address (got http://localhost:3000)');
    expect(problems[4]).toMatch(/^JWT_SECRET must be set/);
    expect(problems[5]).toMatch(/^KYC_ENCRYPTION_KEY is not set/);
    expect(problems[6]).toMatch(
      /^MARKET_FEED=sim and no FINNHUB_API_KEY: .*REAL_TRADING_ON_SIMULATED_PRICES=true/,
    );
  });

  it('simulated prices pass only with the explicit demonstration switch', () => {
    const sim = { ...SAFE, MARKET_FEED: 'sim' };
    expect(unsafeProductionSettings(config(sim))).toHaveLength(1);
    expect(unsafeProductionSettings(config({ ...sim, REAL_TRADING_ON_SIMULATED_PRICES: 'true' }))).toEqual(
      [],
    );
    expect(() => config({ REAL_TRADING_ON_SIMULATED_PRICES: 'yes' })).toThrow(
      'REAL_TRADING_ON_SIMULATED_PRICES must be true or false',
    );
  });

  it('the documents key must be 32 bytes, in hex or base64', () => {
    expect(() => config({ KYC_ENCRYPTION_KEY: 'short' })).toThrow(
      'KYC_ENCRYPTION_KEY must be 32 random bytes',
    );
    expect(() => config({ KYC_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64') })).not.toThrow();
  });

  it('an xpub replaces the mnemonic, and the development hot key is recognised however it is written', () => {
    expect(developmentKeys(config({ WALLET_XPUB: 'evm:xpub6Cx' }))).toEqual({
      isMnemonic: false,
      isHotKey: false,
    });
    const devKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    expect(developmentKeys(config({ ...SAFE, WALLET_HOT_KEY: devKey.slice(2).toUpperCase() })).isHotKey).toBe(
      true,
    );
    expect(
      developmentKeys(
        config({ WALLET_MNEMONIC: '  test test test test test test test test test test test   junk ' }),
      ),
    ).toEqual({ isMnemonic: true, isHotKey: true });
  });

  it('APP_ENV takes development or production only', () => {
    expect(config({}).APP_ENV).toBe('development');
    expect(() => config({ APP_ENV: 'prod' })).toThrow('APP_ENV must be one of development, production');
  });
});

describe('main networks on the development keys', () => {
  const rpc = { EVM_RPC_ETHEREUM: 'http://127.0.0.1:1', EVM_RPC_POLYGON: 'http://127.0.0.1:2' };
  const answering = (ids: Record<string, number | undefined>) => async (url: string) => ids[url];

  it('a node of a main network with the development keys is named with its variable and chain', async () => {
    const problems = await mainNetworksOnDevelopmentKeys(
      config(rpc),
      answering({ 'http://127.0.0.1:1': 1, 'http://127.0.0.1:2': 80002 }),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^EVM_RPC_ETHEREUM reports chain 1 \(Ethereum mainnet\) while the wallet uses the public development mnemonic and hot key/,
      ),
    ]);
  });

  it('own keys, test networks and silent nodes pass', async () => {
    const mainnets = answering({ 'http://127.0.0.1:1': 1, 'http://127.0.0.1:2': 137 });
    expect(await mainNetworksOnDevelopmentKeys(config({ ...rpc, ...SAFE }), mainnets)).toEqual([]);
    expect(
      await mainNetworksOnDevelopmentKeys(config(rpc), answering({ 'http://127.0.0.1:1': 31337 })),
    ).toEqual([]);
  });
});
