// Which networks the wallet watches and sends on, read from the configuration.
import { describe, expect, it } from 'vitest';
import { type ChainEnv, depositNetworks, senderNetworks } from './chain-config';

const NONE: ChainEnv = {
  EVM_RPC_ETHEREUM: undefined,
  EVM_RPC_POLYGON: undefined,
  EVM_RPC_BSC: undefined,
  TRON_API_URL: undefined,
  BITCOIN_API_URL: undefined,
  WALLET_HOT_KEY: undefined,
  WALLET_MNEMONIC: undefined,
  WALLET_XPUB: undefined,
};
const XPUB = 'evm:xpub-e,tron:xpub-t,bitcoin:xpub-b';

describe('the networks of the wallet', () => {
  it('watches deposits on each network with a node or an API', () => {
    expect(depositNetworks(NONE)).toEqual(new Set());
    expect(
      depositNetworks({ ...NONE, EVM_RPC_POLYGON: 'http://node', BITCOIN_API_URL: 'http://esplora' }),
    ).toEqual(new Set(['polygon', 'bitcoin']));
  });

  it('sends withdrawals on the EVM networks with a node, when there is a hot key', () => {
    // No node: nothing to send through, whatever the keys.
    expect(senderNetworks(NONE)).toEqual(new Set());
    expect(senderNetworks({ ...NONE, TRON_API_URL: 'http://tron' })).toEqual(new Set());
    // A node, and the hot key derived from the (development) mnemonic.
    expect(senderNetworks({ ...NONE, EVM_RPC_ETHEREUM: 'http://node' })).toEqual(new Set(['ethereum']));
    // A node, and a hot key of the operator's own beside an xpub.
    expect(
      senderNetworks({
        ...NONE,
        EVM_RPC_BSC: 'http://node',
        WALLET_XPUB: XPUB,
        WALLET_HOT_KEY: 'ab'.repeat(32),
      }),
    ).toEqual(new Set(['bsc']));
    // An xpub and no hot key: staff send by hand.
    expect(senderNetworks({ ...NONE, EVM_RPC_BSC: 'http://node', WALLET_XPUB: XPUB })).toEqual(new Set());
  });
});
