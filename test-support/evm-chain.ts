// The local EVM chain lives with the demo, which runs it too (scripts/demo-chains/).
export * from '../scripts/demo-chains/evm-chain.ts';
