// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Sends the native coin on from inside a contract call: an internal transfer, as an exchange's
/// withdrawal or a smart-contract wallet makes it. No transaction is addressed to the recipient, so
/// scanning blocks for transactions never sees it (the watcher's balance check does). Devnet only.
contract Forwarder {
    function forward(address payable to) external payable {
        (bool ok, ) = to.call{value: msg.value}("");
        require(ok, "forward failed");
    }
}
