/**
 * Choosing a model when the user picks a provider: keep the current model when the provider serves
 * it (under its own id), else take the provider's flagship — its newest, most capable model as the
 * catalogue's metadata tells it — and say why. Never the alphabetically first model.
 */

/** What the choice needs to know of a catalogue model. */
export interface ModelFacts {
  id: string;
  name?: string;
  reasoning: boolean;
  /** True when the model reads images. */
  images?: boolean;
  contextWindow?: number;
  /** USD per million output tokens. */
  outputCost?: number;
}

/** Tier words that name a smaller, cheaper sibling of a model line. */
const SMALL_TIERS = new Set([
  'mini',
  'nano',
  'lite',
  'flash',
  'haiku',
  'small',
  'tiny',
  'micro',
  'spark',
  'fast',
  'instant',
  'air',
  'turbo',
  'ministral',
]);
/** Tier words that name the largest sibling of a model line. */
const LARGE_TIERS = new Set(['opus', 'ultra', 'large', 'max', 'premier']);
/** Tier words of the main model of a line: neither a variant nor a tier up or down. */
const MAIN_TIERS = new Set(['sonnet', 'medium']);
/** Words that mark a snapshot or an alias of a model rather than another model. */
const SNAPSHOT_WORDS = new Set(['preview', 'latest', 'exp', 'experimental', 'beta', 'stable', 'instruct', 'it', 'chat']);

/** The parts of a model id that matter for ranking: its line (family), version, tier and leftovers. */
export interface ModelIdParts {
  /** The model line: `claude`, `gpt`, `gemini`, `llama`… (the vendor prefix and version removed). */
  family: string;
  /** The version numbers, most significant first (`claude-opus-4-7` → [4, 7], `gpt-5.1` → [5, 1]). */
  version: number[];
  /** 1 for a large tier (opus, large), -1 for a small one (mini, flash, haiku), else 0. */
  tier: number;
  /** Words that make it a variant of the plain model (`codex`, `pro`, `customtools`). */
  extras: number;
  /** Dates, previews and aliases: the same model in another snapshot. */
  snapshot: number;
}

/** Lower-case id without its vendor prefixes (`openrouter/anthropic/…`, `us.anthropic.…`). */
function bareId(id: string): string {
  const last = id.toLowerCase().split('/').pop() ?? id.toLowerCase();
  // Bedrock-style `us.anthropic.claude-…`: the vendor is a dotted prefix before the model line.
  return last.replace(/^(?:[a-z]{2}\.)?(?:[a-z]+\.)(?=[a-z])/, '');
}

/** Split a model id into the parts the ranking compares. */
export function modelIdParts(id: string): ModelIdParts {
  const tokens = bareId(id)
    .split(/[-_:\s@]+/)
    .filter(Boolean);
  let family = '';
  const version: number[] = [];
  let tier = 0;
  let extras = 0;
  let snapshot = 0;
  let versionDone = false;
  for (const token of tokens) {
    const fused = /^([a-z]+)(\d+(?:\.\d+)*)([a-z]?)$/.exec(token);
    const numeric = /^(\d+(?:\.\d+)*)([a-z]?)$/.exec(token);
    if (!family) {
      // The first word names the line; a version glued to it (`llama3`, `o3`, `qwen3`) is its version.
      if (fused && !/^v$/.test(fused[1])) {
        family = fused[1];
        version.push(...fused[2].split('.').map(Number));
      } else family = token;
      continue;
    }
    if (numeric && !versionDone && /^\d{1,2}(\.\d+)*$/.test(numeric[1]) && numeric[2] !== 'b') {
      version.push(...numeric[1].split('.').map(Number));
      continue;
    }
    if (version.length > 0) versionDone = true;
    if (numeric || /^v\d/.test(token) || /^\d{4,}$/.test(token)) snapshot += 1;
    else if (SNAPSHOT_WORDS.has(token)) snapshot += 1;
    else if (SMALL_TIERS.has(token)) tier = Math.min(tier, -1);
    else if (LARGE_TIERS.has(token)) tier = tier < 0 ? tier : 1;
    else if (!MAIN_TIERS.has(token)) extras += 1;
  }
  return { family, version, tier, extras, snapshot };
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Positive when `a` is the better flagship of one model line than `b`. */
function compareWithinLine(a: ModelFacts, b: ModelFacts): number {
  const pa = modelIdParts(a.id);
  const pb = modelIdParts(b.id);
  return (
    Number(a.reasoning) - Number(b.reasoning) ||
    compareVersions(pa.version, pb.version) ||
    pa.tier - pb.tier ||
    pb.extras - pa.extras ||
    Number(a.images ?? false) - Number(b.images ?? false) ||
    pb.snapshot - pa.snapshot ||
    (a.contextWindow ?? 0) - (b.contextWindow ?? 0) ||
    (a.outputCost ?? 0) - (b.outputCost ?? 0) ||
    // Stable and never alphabetical: the shorter id (the plain model) wins the last tie.
    b.id.length - a.id.length
  );
}

/** Positive when line `a` (its best model and size) makes a better flagship than line `b`. */
function compareAcrossLines(a: { top: ModelFacts; size: number }, b: { top: ModelFacts; size: number }): number {
  return (
    // The provider's main line is the one it lists most models of (gemini over gemma, gpt over o).
    a.size - b.size ||
    Number(a.top.reasoning) - Number(b.top.reasoning) ||
    Number(a.top.images ?? false) - Number(b.top.images ?? false) ||
    (a.top.contextWindow ?? 0) - (b.top.contextWindow ?? 0) ||
    (a.top.outputCost ?? 0) - (b.top.outputCost ?? 0) ||
    b.top.id.length - a.top.id.length
  );
}

/** The best model of a list by `compare`, or undefined for an empty list. */
function best<T>(items: readonly T[], compare: (a: T, b: T) => number): T | undefined {
  let top: T | undefined;
  for (const item of items) if (top === undefined || compare(item, top) > 0) top = item;
  return top;
}

/**
 * A provider's flagship: its newest, most capable model. Within a model line, models that reason come
 * first, then the highest version, the largest tier, the plain model over its variants, models that
 * read images, the alias over dated snapshots, the largest context window and the highest price. A catalogue of
 * several lines (a router, or gemini beside gemma) prefers `preferLine` when it has it, else the line
 * it lists most models of, then the line whose best model is most capable.
 */
export function flagshipOf<T extends ModelFacts>(models: readonly T[], preferLine?: string): T | undefined {
  const lines = new Map<string, T[]>();
  for (const model of models) {
    const line = modelIdParts(model.id).family;
    const list = lines.get(line);
    if (list) list.push(model);
    else lines.set(line, [model]);
  }
  const preferred = preferLine ? lines.get(preferLine) : undefined;
  if (preferred) return best(preferred, compareWithinLine);
  const bests = [...lines.values()].map((list) => ({ top: best(list, compareWithinLine) as T, size: list.length }));
  return best(bests, compareAcrossLines)?.top;
}

/** The comparable form of an id: no vendor prefix, separators and dots as `-`. */
function comparableId(id: string): string {
  return bareId(id).replace(/[._\s]+/g, '-');
}

/** The provider's model that is `modelId` (the same id, or the same model under the provider's own naming). */
export function sameModel<T extends ModelFacts>(models: readonly T[], modelId: string): T | undefined {
  const exact = models.find((m) => m.id === modelId);
  if (exact) return exact;
  const wanted = comparableId(modelId);
  return models.find((m) => comparableId(m.id) === wanted);
}

/** What choosing a provider did to the model, and the sentence that says so. */
export interface ModelChoice<T extends ModelFacts> {
  model: T;
  /** `kept`: the current model (or its twin under the provider's naming); `flagship`: the provider's flagship. */
  how: 'kept' | 'flagship';
  message: string;
}

/** The model to use when the user picks `provider` while `currentModelId` is chosen (null: nothing to choose from). */
export function modelForProvider<T extends ModelFacts>(
  provider: string,
  models: readonly T[],
  currentModelId: string | null,
): ModelChoice<T> | null {
  const kept = currentModelId ? sameModel(models, currentModelId) : undefined;
  if (kept)
    return {
      model: kept,
      how: 'kept',
      message:
        kept.id === currentModelId
          ? `${provider} serves ${kept.id}: the model stays.`
          : `${provider} serves ${currentModelId} as ${kept.id}.`,
    };
  const line = currentModelId ? modelIdParts(currentModelId).family : undefined;
  const flagship = flagshipOf(models, line);
  if (!flagship) return null;
  const why = currentModelId ? `${provider} does not serve ${currentModelId}, so` : 'So';
  return {
    model: flagship,
    how: 'flagship',
    message: `${why} the target is its flagship, ${flagship.id}${flagship.name && flagship.name !== flagship.id ? ` (${flagship.name})` : ''}: its newest, most capable model in the catalogue.`,
  };
}
