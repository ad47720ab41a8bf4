/** Token usage as transcripts record it (many aliases), normalised to pi's buckets (docs/rules.md#usage). */
import { isRecord } from './messages.js';
import type { JsonValue } from './types.js';

/** Normalised usage buckets; undefined when the transcript does not say. */
export interface UsageBuckets {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  total?: number;
  reasoningTokens?: number;
  contextUsage?: { state: 'unavailable' } | { state: 'available'; promptTokens: number; totalTokens: number };
}

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const tokens = (v: unknown): number | undefined => {
  const n = finite(v);
  if (n === undefined) return undefined;
  return n <= 0 ? 0 : Math.min(Math.trunc(n), Number.MAX_SAFE_INTEGER);
};
const get = (o: unknown, ...path: string[]): unknown => {
  let cur: unknown = o;
  for (const key of path) {
    if (!isRecord(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
};
const first = (...values: unknown[]): unknown => values.find((v) => v !== undefined && v !== null);

/** Read token counts under any of the aliases providers and older versions use. */
function readUsage(raw: unknown): UsageBuckets | undefined {
  if (!isRecord(raw)) return undefined;
  const cacheRead = tokens(
    first(
      raw.cacheRead,
      raw.cache_read,
      raw.cache_read_input_tokens,
      raw.cached_input_tokens,
      raw.cached,
      raw.cached_tokens,
      get(raw, 'input_tokens_details', 'cached_tokens'),
      get(raw, 'prompt_tokens_details', 'cached_tokens'),
    ),
  );
  const cacheWrite = tokens(
    first(
      raw.cacheWrite,
      raw.cache_write,
      raw.cache_creation_input_tokens,
      raw.cache_write_input_tokens,
      get(raw, 'input_tokens_details', 'cache_write_tokens'),
      get(raw, 'prompt_tokens_details', 'cache_write_tokens'),
      get(raw, 'prompt_tokens_details', 'cache_creation_input_tokens'),
    ),
  );
  const directInput = finite(raw.input);
  const rawInput = finite(
    first(raw.input, raw.inputTokens, raw.input_tokens, raw.promptTokens, raw.prompt_tokens, raw.prompt_n, get(raw, 'timings', 'prompt_n')),
  );
  // Some providers count cached tokens inside the input figure; take them out so buckets do not overlap.
  const cliCachedInInput = raw.cached_input_tokens !== undefined || raw.cached !== undefined;
  const openAiCachedInInput =
    raw.cached_tokens !== undefined ||
    get(raw, 'input_tokens_details', 'cached_tokens') !== undefined ||
    get(raw, 'prompt_tokens_details', 'cached_tokens') !== undefined;
  const writeInInput =
    raw.cache_write_input_tokens !== undefined ||
    get(raw, 'input_tokens_details', 'cache_write_tokens') !== undefined ||
    get(raw, 'prompt_tokens_details', 'cache_write_tokens') !== undefined ||
    get(raw, 'prompt_tokens_details', 'cache_creation_input_tokens') !== undefined;
  const inputValue =
    rawInput === undefined
      ? undefined
      : rawInput -
        (openAiCachedInInput || (directInput === undefined && cliCachedInInput) ? (cacheRead ?? 0) : 0) -
        (directInput === undefined && writeInInput ? (cacheWrite ?? 0) : 0);
  const input = tokens(inputValue);
  const output = tokens(
    first(
      raw.output,
      raw.outputTokens,
      raw.output_tokens,
      raw.completionTokens,
      raw.completion_tokens,
      raw.predicted_n,
      get(raw, 'timings', 'predicted_n'),
    ),
  );
  const ctx = raw.contextUsage;
  let contextUsage: UsageBuckets['contextUsage'];
  if (isRecord(ctx) && ctx.state === 'unavailable') contextUsage = { state: 'unavailable' };
  else if (isRecord(ctx) && ctx.state === 'available') {
    const promptTokens = tokens(ctx.promptTokens);
    const totalTokens = tokens(ctx.totalTokens);
    if (promptTokens !== undefined && totalTokens !== undefined && totalTokens >= promptTokens)
      contextUsage = { state: 'available', promptTokens, totalTokens };
  }
  const reasoningTokens = tokens(
    first(
      raw.reasoningTokens,
      raw.reasoning_tokens,
      get(raw, 'completion_tokens_details', 'reasoning_tokens'),
      get(raw, 'output_tokens_details', 'reasoning_tokens'),
      get(raw, 'output_tokens_details', 'thinking_tokens'),
    ),
  );
  const total = tokens(first(raw.total, raw.totalTokens, raw.total_tokens));
  const costTotal = finite(get(raw, 'cost', 'total'));
  const hasCost = costTotal !== undefined && costTotal >= 0;
  if ([input, output, cacheRead, cacheWrite, contextUsage, reasoningTokens, total].every((v) => v === undefined) && !hasCost)
    return undefined;
  const out: UsageBuckets = { input, output, cacheRead, cacheWrite, total };
  if (contextUsage) out.contextUsage = contextUsage;
  if (reasoningTokens !== undefined) out.reasoningTokens = reasoningTokens;
  return out;
}

/** True when any token bucket is positive (or context telemetry says unavailable). */
export function hasNonzeroUsage(raw: unknown): boolean {
  const u = readUsage(raw);
  if (!u) return false;
  const ctx = u.contextUsage;
  const values = [
    u.input,
    u.output,
    u.cacheRead,
    u.cacheWrite,
    ctx?.state === 'available' ? ctx.promptTokens : undefined,
    ctx?.state === 'available' ? ctx.totalTokens : undefined,
    u.reasoningTokens,
    u.total,
  ];
  return values.some((v) => typeof v === 'number' && v > 0) || ctx?.state === 'unavailable';
}

/**
 * A "zero-usage snapshot": at least one numeric token bucket, all of them 0 (what a failed stream records).
 * A recorded total decides alone when present.
 */
export function isZeroUsageSnapshot(raw: unknown): boolean {
  if (!isRecord(raw)) return false;
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : undefined);
  const parts = [count(raw.input), count(raw.output), count(raw.cacheRead), count(raw.cacheWrite)];
  const total = count(first(raw.total, raw.totalTokens, raw.total_tokens));
  if (total !== undefined) return total === 0 && parts.every((v) => v === undefined || v === 0);
  const present = parts.filter((v) => v !== undefined);
  return present.length > 0 && present.every((v) => v === 0);
}

/** The all-zero usage OpenClaw writes for stale or missing usage. */
export function zeroUsage(): { [key: string]: JsonValue } {
  return {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
}

/** Normalise a cost object: keep it only when some field is a finite number; fill the rest. */
function normalizeCost(raw: unknown): { [key: string]: JsonValue } | undefined {
  const cost = get(raw, 'cost');
  if (!isRecord(cost)) return undefined;
  const values = ['input', 'output', 'cacheRead', 'cacheWrite', 'total'].map((k) => finite(cost[k]));
  if (values.every((v) => v === undefined)) return undefined;
  const [input = 0, output = 0, cacheRead = 0, cacheWrite = 0] = values;
  const total = values[4] ?? input + output + cacheRead + cacheWrite;
  const out: { [key: string]: JsonValue } = { input, output, cacheRead, cacheWrite, total };
  if (cost.totalOrigin === 'provider-billed') out.totalOrigin = 'provider-billed';
  return out;
}

/** pi's usage object for an assistant turn: five buckets, context telemetry and cost when recorded. */
export function normalizeUsageSnapshot(raw: unknown): { [key: string]: JsonValue } {
  const u = readUsage(raw);
  if (!u) return zeroUsage();
  const input = u.input ?? 0;
  const output = u.output ?? 0;
  const cacheRead = u.cacheRead ?? 0;
  const cacheWrite = u.cacheWrite ?? 0;
  const out: { [key: string]: JsonValue } = { input, output, cacheRead, cacheWrite };
  if (u.contextUsage) out.contextUsage = { ...u.contextUsage };
  out.totalTokens = u.total ?? input + output + cacheRead + cacheWrite;
  const cost = normalizeCost(raw);
  if (cost) out.cost = cost;
  return out;
}

/** True when a recorded usage already equals its normalised form (nothing to rewrite). */
export function usageAlreadyNormal(raw: unknown, normal: { [key: string]: JsonValue }): boolean {
  if (!isRecord(raw)) return false;
  for (const key of ['input', 'output', 'cacheRead', 'cacheWrite', 'totalTokens']) if (raw[key] !== normal[key]) return false;
  const ctx = normal.contextUsage as Record<string, unknown> | undefined;
  const rawCtx = raw.contextUsage;
  const ctxOk =
    ctx === undefined
      ? rawCtx === undefined
      : ctx.state === 'unavailable'
        ? isRecord(rawCtx) && rawCtx.state === 'unavailable'
        : isRecord(rawCtx) &&
          rawCtx.state === 'available' &&
          rawCtx.promptTokens === ctx.promptTokens &&
          rawCtx.totalTokens === ctx.totalTokens;
  if (!ctxOk) return false;
  const cost = normal.cost as Record<string, unknown> | undefined;
  const rawCost = raw.cost;
  if (!cost) return rawCost === undefined;
  return isRecord(rawCost) && ['input', 'output', 'cacheRead', 'cacheWrite', 'total'].every((k) => rawCost[k] === cost[k]);
}

const count = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isCanonicalKey = (key: string) =>
  key === 'input' || key === 'output' || key === 'cacheRead' || key === 'cacheWrite' || key === 'totalTokens' || key === 'cost';

/**
 * A cheap sufficient test for `usageAlreadyNormal(raw, normalizeUsageSnapshot(raw))`: pi's own shape
 * (the five buckets as whole token counts, a cost with its five figures, nothing else). Nearly every
 * recorded usage is this, and it then needs no reading through the aliases; false means "ask the full check".
 * Fields are read by name, not by a loop over a list of names: a read by a computed name costs a
 * generic lookup each, and this runs for every assistant turn (a tenth of a long session's rules).
 */
export function usageIsCanonical(raw: unknown): boolean {
  if (!isRecord(raw)) return false;
  for (const key in raw) if (!isCanonicalKey(key)) return false;
  if (!count(raw.input) || !count(raw.output) || !count(raw.cacheRead) || !count(raw.cacheWrite) || !count(raw.totalTokens)) return false;
  const cost = raw.cost;
  if (cost === undefined) return true;
  if (!isRecord(cost)) return false;
  return (
    finite(cost.input) !== undefined &&
    finite(cost.output) !== undefined &&
    finite(cost.cacheRead) !== undefined &&
    finite(cost.cacheWrite) !== undefined &&
    finite(cost.total) !== undefined
  );
}
