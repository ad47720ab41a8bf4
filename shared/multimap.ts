/** Lists kept by key (calls and results by tool-call id): added to in place. */

/**
 * Add `value` at the end of `key`'s list. In place: a list copied at each addition is quadratic in a
 * key's values, and a session can give one tool-call id to tens of thousands of calls.
 */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
