// Types of parse-floor.mjs.
export function parseFloor(file: string, keep?: unknown[]): number;
