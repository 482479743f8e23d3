// Shape only: the 0x prefix is optional because some wallets copy the bare hex. The server also
// verifies the EIP-55 checksum of mixed-case addresses, which needs keccak and so stays there.
export const EVM_ADDRESS_PATTERN = /^(0x)?[0-9a-fA-F]{40}$/;

export const isEvmAddressShape = (s: string): boolean => EVM_ADDRESS_PATTERN.test(s);
