import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalChain, startLocalChain } from './testing/local-chain';
import { migratedDataDir } from './testing/migrated-data-dir';
import { type ServerProcess, spawnServer } from './testing/spawn-server';

const STARTUP_MS = 60_000;

async function refusal(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  expect(await server.exited).toBe(1);
  return server;
}

describe('a production start with unsafe settings', () => {
  it(
    'refuses, naming each problem on its own line, without a stack',
    async () => {
      const server = await refusal({ APP_ENV: 'production' });
      const output = server.output();
      expect(output).toContain('Refusing to start in production:\n');
      for (const line of [
        /\n {2}- WALLET_MNEMONIC: /,
        /\n {2}- WALLET_HOT_KEY: /,
        /\n {2}- SMTP_URL is not set/,
        /\n {2}- PUBLIC_URL must be an https:\/\/ address/,
        /\n {2}- JWT_SECRET must be set/,
        /\n {2}- KYC_ENCRYPTION_KEY is not set/,
        /\n {2}- MARKET_FEED=sim and no FINNHUB_API_KEY: /,
      ])
        expect(output).toMatch(line);
      expect(output).not.toMatch(/\n\s+at /);
    },
    STARTUP_MS,
  );
});

describe('a node of a main network with the development keys', () => {
  let mainnet: LocalChain;
  beforeAll(async () => {
    mainnet = await startLocalChain({ chainId: 1 });
  }, 90_000);
  afterAll(async () => {
    await mainnet?.stop();
  });

  it(
    'stops the start in development too, naming the variable and the chain',
    async () => {
      const server = await refusal({ EVM_RPC_ETHEREUM: mainnet.url });
      expect(server.output()).toMatch(
        /Refusing to start:\n {2}- EVM_RPC_ETHEREUM reports chain 1 \(Ethereum mainnet\) while the wallet uses the public development mnemonic and hot key/,
      );
    },
    STARTUP_MS,
  );

  it(
    'starts with keys of its own',
    async () => {
      const server = await spawnServer({
        DATA_DIR: await migratedDataDir(),
        EVM_RPC_ETHEREUM: mainnet.url,
        WALLET_MNEMONIC:
          'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
        WALLET_HOT_KEY: '5'.repeat(64),
      });
      try {
        await server.waitUntilHealthy(STARTUP_MS);
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    },
    STARTUP_MS + 15_000,
  );
});
