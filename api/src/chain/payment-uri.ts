/**
 * EIP-681 payment links for the QR code: wallets read the chain, the recipient and the exact amount
 * in base units (for a token: a call of transfer(address, uint256) on its contract).
 */
export function paymentUri(p: { address: string; chainId: number; units: bigint; tokenContract: string | null }): string {
  if (p.tokenContract) {
    return `ethereum:${p.tokenContract}@${p.chainId}/transfer?address=${p.address}&uint256=${p.units}`;
  }
  return `ethereum:${p.address}@${p.chainId}?value=${p.units}`;
}
