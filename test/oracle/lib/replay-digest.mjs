// A digest of the messages a replay hands the provider adapter, for comparing the release's with
// the engine's (test/oracle/time-release.mjs): JSON with every object's keys sorted, since the two
// sides write a message's fields in different orders, and fields left undefined dropped as JSON
// drops them. An image's data is left out (the release encodes reduced images with its own image
// library, this project with sharp); `images` counts the images so left out.
import { createHash } from 'node:crypto';

export function replayDigest(messages) {
  const hash = createHash('sha256');
  let images = 0;
  // Written into the hash a piece at a time, so a replay of 100 MB never becomes one string.
  let pending = '';
  const out = (text) => {
    pending += text;
    if (pending.length >= 1 << 16) {
      hash.update(pending);
      pending = '';
    }
  };
  const write = (value) => {
    if (Array.isArray(value)) {
      out('[');
      value.forEach((item, i) => {
        if (i > 0) out(',');
        write(item);
      });
      out(']');
      return;
    }
    if (value === null || typeof value !== 'object') {
      out(JSON.stringify(value) ?? 'null');
      return;
    }
    const image = value.type === 'image' && typeof value.data === 'string';
    if (image) images += 1;
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    out('{');
    keys.forEach((k, i) => {
      out(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`);
      if (image && k === 'data') out('"<image data>"');
      else write(value[k]);
    });
    out('}');
  };
  write(messages);
  hash.update(pending);
  return { digest: hash.digest('hex'), images };
}
