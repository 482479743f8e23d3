// A real local EVM chain for tests, the dev chain and chaos runs: a `hardhat node` in its own
// process, with clients to read it, send from its funded accounts and deploy a test USDT token.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Abi,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { freePort } from './spawn-server';

const require = createRequire(import.meta.url);
const FIXTURES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'modules',
  'wallet',
  'sources',
  'fixtures',
);

/** Hardhat's well-known first accounts (funded with 10,000 ETH on every local chain). */
export const HARDHAT_KEYS = {
  deployer: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
} as const satisfies Record<string, Hex>;

let compiled: { abi: Abi; bytecode: Hex } | undefined;

/** The test token, compiled offline with the `solc` package (once per test file). */
export function compileTestUsdt(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'TestUSDT.sol': { content: readFileSync(join(FIXTURES, 'TestUSDT.sol'), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestUSDT.sol']?.TestUSDT;
  if (!contract) throw new Error('TestUSDT missing from the compiler output');
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

/**
 * A real local EVM chain: `hardhat node` in its own process on a free port (or `port`), mining a
 * block per transaction; `stop` kills it. `chainId` makes it answer as another chain (31337 by
 * default).
 */
export async function startLocalChain(options: { chainId?: number; port?: number } = {}) {
  const port = options.port ?? (await freePort());
  const cli = require.resolve('hardhat/internal/cli/cli.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      cli,
      'node',
      '--config',
      join(FIXTURES, 'hardhat.config.cjs'),
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    {
      cwd: FIXTURES,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        LOCAL_CHAIN_ID: String(options.chainId ?? 31337),
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const client = createPublicClient({ chain: hardhat, transport: http(url), cacheTime: 0 }) as PublicClient;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await client.getBlockNumber();
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`hardhat node did not start:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const test = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) });
  const walletOf = (key: Hex) =>
    createWalletClient({ account: privateKeyToAccount(key), chain: hardhat, transport: http(url) });
  const deployer = walletOf(HARDHAT_KEYS.deployer);

  return {
    url,
    client,
    test,
    deployer,
    walletOf,
    /** Deploys a fresh test token holding `supply` units for the deployer. */
    async deployToken(supply: bigint): Promise<Hex> {
      const { abi, bytecode } = compileTestUsdt();
      const hash = await deployer.deployContract({ abi, bytecode, args: [supply] });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('token deployment gave no address');
      return receipt.contractAddress;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
export type LocalChain = Awaited<ReturnType<typeof startLocalChain>>;
