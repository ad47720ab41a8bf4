// Types of replay-digest.mjs, for its unit test.
export function replayDigest(messages: unknown): { digest: string; images: number };
