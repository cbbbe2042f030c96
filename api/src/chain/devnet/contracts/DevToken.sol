// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// Stand-in for USDT/USDC on the local devnet: OpenZeppelin's ERC-20 with the real token's decimals.
contract DevToken is ERC20 {
    uint8 private immutable _decimals;

    /// Funds the holders in the deployment itself, so the deployer's nonces stay 0, 1, ... per token
    /// and the token addresses stay fixed.
    constructor(string memory name_, string memory symbol_, uint8 decimals_, address[] memory holders, uint256 amountEach)
        ERC20(name_, symbol_)
    {
        _decimals = decimals_;
        for (uint256 i = 0; i < holders.length; i++) {
            _mint(holders[i], amountEach);
        }
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// Anyone may mint: this contract only ever runs on the local devnet, where tests fund any address.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
