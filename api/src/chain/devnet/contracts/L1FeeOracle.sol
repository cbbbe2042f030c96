// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The devnet's stand-in for what a rollup charges for the data it posts to Ethereum, installed where
/// the real one answers (devnet/tokens.ts): OP Stack's GasPriceOracle (getL1Fee, at 0x4200…000F) on
/// Base, Arbitrum's NodeInterface (gasEstimateL1Component, at 0x…00C8) on Arbitrum. Both price the data
/// as Ethereum calldata (16 gas a byte) at a fixed L1 base fee of 1 gwei, so that the fee estimate
/// meets a known figure. Devnet only.
contract L1FeeOracle {
    uint256 public constant L1_BASE_FEE = 1 gwei;
    uint256 public constant L2_BASE_FEE = 0.01 gwei;
    uint256 private constant GAS_PER_BYTE = 16;
    /// What getL1Fee adds for the signature, which the unsigned transaction it is given lacks.
    uint256 private constant SIGNATURE_BYTES = 68;
    /// What gasEstimateL1Component adds for the rest of the transaction around its calldata.
    uint256 private constant TRANSACTION_BYTES = 140;

    /// The L1 data fee in wei of an unsigned RLP-encoded transaction.
    function getL1Fee(bytes calldata unsignedTx) external pure returns (uint256) {
        return (unsignedTx.length + SIGNATURE_BYTES) * GAS_PER_BYTE * L1_BASE_FEE;
    }

    /// The L1 data cost of a transaction with this calldata, in L2 gas at the L2 base fee (Arbitrum's
    /// floor of 0.01 gwei here: an eth_call sees no base fee of its own block).
    function gasEstimateL1Component(address, bool, bytes calldata data)
        external
        payable
        returns (uint64 gasEstimateForL1, uint256 baseFee, uint256 l1BaseFeeEstimate)
    {
        baseFee = L2_BASE_FEE;
        l1BaseFeeEstimate = L1_BASE_FEE;
        gasEstimateForL1 = uint64(((data.length + TRANSACTION_BYTES) * GAS_PER_BYTE * L1_BASE_FEE) / baseFee);
    }
}
