// Types of oracle-node.mjs, for the release bench.
export function oracleNode(): string;
