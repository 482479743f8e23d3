import { ConfigError, type TConfig } from './config';
import { type ChainEnv, evmNodes, hotWalletKey, type TEvmNetwork } from './modules/wallet/chain-config';
import { DEVELOPMENT_MNEMONIC, isDevelopmentKey, normalizeMnemonic } from './modules/wallet/hd';
import type { Logger } from './platform/logger';

/** Chain ids of the main networks the wallet can use: real money. */
export const MAIN_CHAIN_IDS: Readonly<Record<number, string>> = {
  1: 'Ethereum mainnet',
  56: 'BNB Smart Chain mainnet',
  137: 'Polygon mainnet',
};
const JWT_SECRET_LENGTH_MIN = 32;
/** How long a node has to say which chain it serves before the start goes on without the answer. */
const CHAIN_ID_TIMEOUT_MS = 5_000;

type CheckedConfig = ChainEnv &
  Pick<
    TConfig,
    | 'APP_ENV'
    | 'PUBLIC_URL'
    | 'SMTP_URL'
    | 'JWT_SECRET'
    | 'KYC_ENCRYPTION_KEY'
    | 'MARKET_FEED'
    | 'FINNHUB_API_KEY'
    | 'REAL_TRADING_ON_SIMULATED_PRICES'
  >;

/** Which of the wallet's keys are the public development ones (anyone can spend what they hold). */
export function developmentKeys(config: CheckedConfig): { isMnemonic: boolean; isHotKey: boolean } {
  const mnemonic = normalizeMnemonic(config.WALLET_MNEMONIC ?? DEVELOPMENT_MNEMONIC);
  const hot = hotWalletKey(config);
  return {
    isMnemonic: !config.WALLET_XPUB && mnemonic === DEVELOPMENT_MNEMONIC,
    isHotKey: hot !== undefined && isDevelopmentKey(hot),
  };
}

/** The settings a production deployment must not run with, one sentence each; none is fine. */
export function unsafeProductionSettings(config: CheckedConfig): string[] {
  const problems: string[] = [];
  const keys = developmentKeys(config);
  if (keys.isMnemonic)
    problems.push(
      'WALLET_MNEMONIC: deposit addresses would come from the public development mnemonic; set WALLET_XPUB (or a mnemonic of your own)',
    );
  if (keys.isHotKey)
    problems.push(
      'WALLET_HOT_KEY: withdrawals would be sent from the public development key; set the hot wallet key of your own',
    );
  if (!config.SMTP_URL)
    problems.push('SMTP_URL is not set: codes and notices would be printed to the log instead of e-mailed');
  if (!config.PUBLIC_URL.startsWith('https://'))
    problems.push(`PUBLIC_URL must be an https:// address (got ${config.PUBLIC_URL})`);
  if (!config.JWT_SECRET || config.JWT_SECRET.length < JWT_SECRET_LENGTH_MIN)
    problems.push(
      `JWT_SECRET must be set to a random secret of at least ${JWT_SECRET_LENGTH_MIN} characters`,
    );
  if (!config.KYC_ENCRYPTION_KEY)
    problems.push(
      "KYC_ENCRYPTION_KEY is not set: identity documents would be sealed with a key kept only in this host's DATA_DIR; set 32 random bytes (openssl rand -hex 32) shared by every process",
    );
  if (config.MARKET_FEED === 'sim' && !config.FINNHUB_API_KEY && !config.REAL_TRADING_ON_SIMULATED_PRICES)
    problems.push(
      'MARKET_FEED=sim and no FINNHUB_API_KEY: every price is simulated, so Real accounts would have nothing real to trade; connect a live feed, or set REAL_TRADING_ON_SIMULATED_PRICES=true for a demonstration deployment',
    );
  return problems;
}

/** Asks a node which chain it serves; undefined when it does not answer in time. */
export async function chainIdOf(url: string): Promise<number | undefined> {
  // Imported here: a configuration without an EVM node never loads the EVM client library.
  const { createPublicClient, http } = await import('viem');
  const client = createPublicClient({
    transport: http(url, { timeout: CHAIN_ID_TIMEOUT_MS, retryCount: 0 }),
  });
  try {
    return await client.getChainId();
  } catch {
    return undefined;
  }
}

/**
 * The EVM nodes that serve a main network while the wallet's keys are the public development ones:
 * deposits to those addresses and the hot wallet's funds would belong to anyone.
 */
export async function mainNetworksOnDevelopmentKeys(
  config: CheckedConfig,
  askChainId: (url: string) => Promise<number | undefined> = chainIdOf,
  logger?: Logger,
): Promise<string[]> {
  const configured = evmNodes(config);
  // Without a node there is nothing to ask, and the keys need not be derived (a tenth of a second).
  if (configured.length === 0) return [];
  const keys = developmentKeys(config);
  if (!keys.isMnemonic && !keys.isHotKey) return [];
  const which = [keys.isMnemonic ? 'mnemonic' : '', keys.isHotKey ? 'hot key' : '']
    .filter(Boolean)
    .join(' and ');
  const answers = await Promise.all(
    configured.map(async ({ network, url }) => ({ network, chainId: await askChainId(url) })),
  );
  const problems: string[] = [];
  for (const { network, chainId } of answers) {
    if (chainId === undefined) {
      logger?.warn(
        { network },
        'the node did not say which chain it serves; its chain id is checked again at the next start',
      );
      continue;
    }
    const name = MAIN_CHAIN_IDS[chainId];
    if (name)
      problems.push(
        `${rpcVariable(network)} reports chain ${chainId} (${name}) while the wallet uses the public development ${which}: anyone could take the funds; set WALLET_XPUB and WALLET_HOT_KEY of your own`,
      );
  }
  return problems;
}

const rpcVariable = (network: TEvmNetwork) =>
  ({ ethereum: 'EVM_RPC_ETHEREUM', polygon: 'EVM_RPC_POLYGON', bsc: 'EVM_RPC_BSC' })[network];

/**
 * The checks before anything starts: in production every unsafe setting, and in any environment a
 * main network on the development keys, stop the start with one line per problem. A demonstration
 * deployment that trades Real accounts on simulated prices is allowed, and said at every start.
 */
export async function checkStart(
  config: CheckedConfig,
  logger: Logger,
  askChainId: (url: string) => Promise<number | undefined> = chainIdOf,
): Promise<void> {
  const problems = [
    ...(config.APP_ENV === 'production' ? unsafeProductionSettings(config) : []),
    ...(await mainNetworksOnDevelopmentKeys(config, askChainId, logger)),
  ];
  if (problems.length > 0) {
    const where = config.APP_ENV === 'production' ? ' in production' : '';
    throw new ConfigError(
      `Refusing to start${where}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
  if (config.REAL_TRADING_ON_SIMULATED_PRICES)
    logger.warn(
      'REAL_TRADING_ON_SIMULATED_PRICES=true: Real accounts trade on simulated prices. This is a demonstration deployment, not one for real money',
    );
}
