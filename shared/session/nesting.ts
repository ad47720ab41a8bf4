/**
 * How deep a JSON value nests. JSON.parse reads any depth, but JSON.stringify, structured clone (IPC)
 * and every recursive walk stop with "Maximum call stack size exceeded" somewhere past a few
 * thousand levels: a value nested deeper than MAX_NESTING is reported where it is read, not left to
 * crash whatever touches it next.
 */

/**
 * Deepest nesting read: 1,000 levels (Jackson's default too). The hygiene, payload and document
 * walks of such a value fit in the smallest stack the app runs on with room to spare; no real
 * transcript comes near it.
 */
export const MAX_NESTING = 1000;

/** Fewer characters than this cannot hold MAX_NESTING + 1 levels (each level takes two brackets). */
export const MIN_TOO_DEEP_CHARS = 2 * (MAX_NESTING + 1);

/**
 * True when `value` holds arrays or objects nested more than `limit` levels deep. Iterative: any
 * depth. Children are read in place (an index loop, `for…in` over a parsed object's own keys), not
 * copied out with `Object.values`: the lines of many-calls (20 MiB) are walked in ~16-27 ms instead
 * of 25-45 ms the first time, 5-9 instead of 6-11 warm.
 */
export function nestedDeeperThan(value: unknown, limit: number = MAX_NESTING): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const item = values.pop();
    const depth = depths.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    // Only arrays and objects are stacked, inline (a helper closure per child was slower than Object.values).
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i += 1) {
        const child: unknown = item[i];
        if (child !== null && typeof child === 'object') {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      const record = item as Record<string, unknown>;
      for (const key in record) {
        const child = record[key];
        if (child !== null && typeof child === 'object') {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/** The diagnostic text for a value nested too deeply. */
export const TOO_DEEP_MESSAGE = `the JSON nests more than ${MAX_NESTING} levels deep — more than this tool can show or send to a provider; it is skipped (file repair leaves the line as it is)`;
