import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InterfaceAbi } from 'ethers';

/**
 * Compiles the devnet's contracts (DevToken, Forwarder and L1FeeOracle in contracts/) with solc-js, the
 * compiler shipped inside the npm package (nothing is downloaded). Compiling takes seconds, so the
 * result is cached under the data dir, keyed by everything that shapes the bytecode; a later start
 * only reads a small JSON file.
 */

export interface CompiledContract {
  abi: InterfaceAbi;
  bytecode: string;
  /** The code a deployed instance holds: what hardhat_setCode installs at a fixed address. */
  deployedBytecode: string;
}

const require = createRequire(import.meta.url);
const CONTRACTS = ['DevToken', 'Forwarder', 'L1FeeOracle'] as const;
export type DevnetContracts = Record<(typeof CONTRACTS)[number], CompiledContract>;
const sourcePath = (name: string) => fileURLToPath(new URL(`contracts/${name}.sol`, import.meta.url));
const OPENZEPPELIN_PREFIX = '@openzeppelin/contracts/';
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // Cancun runs on every hardfork Hardhat Network offers today and matches what the real chains run.
  evmVersion: 'cancun',
  outputSelection: Object.fromEntries(CONTRACTS.map((c) => [`${c}.sol`, { [c]: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] }])),
};

export async function compileDevnetContracts(dataDir: string): Promise<DevnetContracts> {
  const sources = Object.fromEntries(await Promise.all(CONTRACTS.map(async (c) => [`${c}.sol`, { content: await readFile(sourcePath(c), 'utf8') }] as const)));
  // Read from package.json: loading the compiler itself to ask its version costs a second.
  const versions = [require('solc/package.json'), require('@openzeppelin/contracts/package.json')].map((p: { version: string }) => p.version);
  const key = createHash('sha256')
    .update(JSON.stringify([sources, versions, SETTINGS]))
    .digest('hex')
    .slice(0, 16);
  const cacheFile = path.join(dataDir, 'devnet', `contracts.${key}.json`);
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as DevnetContracts;
  } catch {
    // not cached yet
  }
  const compiled = await compile(sources);
  await mkdir(path.dirname(cacheFile), { recursive: true });
  // Written aside then renamed, so a second process starting at the same time never reads half a file.
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(compiled));
  await rename(tmp, cacheFile);
  return compiled;
}

async function compile(sources: Record<string, { content: string }>): Promise<DevnetContracts> {
  const { default: solc } = await import('solc');
  const openzeppelinDir = path.dirname(require.resolve('@openzeppelin/contracts/package.json'));
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  // solc-js calls back synchronously, hence the synchronous read.
  const findImports = (importPath: string) => {
    if (!importPath.startsWith(OPENZEPPELIN_PREFIX)) return { error: `unexpected import ${importPath}` };
    const file = path.join(openzeppelinDir, importPath.slice(OPENZEPPELIN_PREFIX.length));
    if (!file.startsWith(openzeppelinDir + path.sep)) return { error: `import outside @openzeppelin/contracts: ${importPath}` };
    return { contents: readFileSync(file, 'utf8') };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`the devnet contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const compiled = CONTRACTS.map((name) => {
    const contract = output.contracts?.[`${name}.sol`]?.[name];
    if (!contract) throw new Error(`solc returned no ${name} contract`);
    return [name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, deployedBytecode: `0x${contract.evm.deployedBytecode.object}` }] as const;
  });
  return Object.fromEntries(compiled) as DevnetContracts;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: InterfaceAbi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
}
