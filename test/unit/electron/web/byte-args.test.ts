// Request bodies with uploads: the base64 of `{"$bytes": …}` decoded as it arrives, whatever the
// chunking, with the same arguments JSON.parse would give; and limits that fit an upload at the cap.
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readArgs } from '../../../../electron/web/byte-args.js';
import { requestBody } from '../../../../renderer/http-body.js';
import { base64Length, ENVELOPE_BYTES, MAX_BODY_BYTES, MAX_UPLOAD_BYTES } from '../../../../shared/web-limits.js';

/** A request whose body arrives in pieces of `size` bytes. */
function request(body: Buffer, size: number, headers: Record<string, string> = { 'content-length': String(body.length) }): IncomingMessage {
  const pieces: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) pieces.push(body.subarray(at, at + size));
  return Object.assign(Readable.from(pieces), { headers }) as unknown as IncomingMessage;
}

const bytesOf = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

describe('readArgs', () => {
  it('decodes byte arrays across every chunk boundary, padding included', async () => {
    for (const length of [0, 1, 2, 3, 4, 5, 64, 1000]) {
      const a = bytesOf(length, 1);
      const b = bytesOf(7, 2);
      const args = [{ kind: 'bytes', name: 'a "quoted" é', bytes: a }, [b, 'tail'], 42];
      const body = Buffer.from(await (await requestBody(args)).arrayBuffer());
      for (const size of [1, 2, 3, 5, 11, 64, body.length]) {
        const got = await readArgs(request(body, size), 1 << 20);
        expect(got, `length ${length}, chunks of ${size}`).toEqual(args);
        expect((got[0] as { bytes: unknown }).bytes).toBeInstanceOf(Uint8Array);
      }
    }
  });

  it('still reads another spelling of a byte array (spaces), and leaves a lookalike string alone', async () => {
    const body = Buffer.from('{"args":[{"$bytes": "aGk="}, "{\\"$bytes\\":\\"aGk=\\"}", {"$bytesRef": 5}]}');
    expect(await readArgs(request(body, 4), 1 << 20)).toEqual([new Uint8Array([0x68, 0x69]), '{"$bytes":"aGk="}', { $bytesRef: 5 }]);
  });

  it('refuses broken byte arrays with 400 and oversized bodies with 413', async () => {
    const cases: [string, number, RegExp][] = [
      ['{"args":[{"$bytes":"aGk=aGk="}]}', 400, /not plain base64/],
      ['{"args":[{"$bytes":"a\\/b="}]}', 400, /not plain base64/],
      ['{"args":[{"$bytes":"aGk=","x":1}]}', 400, /only its base64 string/],
      ['{"args":[{"$bytes":"aGk', 400, /ends inside a byte array/],
      ['{"args":[', 400, /not JSON/],
      ['{"nope":[]}', 400, /must be \{"args"/],
    ];
    for (const [text, status, message] of cases) {
      await expect(readArgs(request(Buffer.from(text), 3), 1 << 20), text).rejects.toMatchObject({
        status,
        message: expect.stringMatching(message),
      });
    }
    await expect(readArgs(request(Buffer.alloc(10), 4, { 'content-length': '10' }), 9)).rejects.toMatchObject({ status: 413 });
    await expect(readArgs(request(Buffer.alloc(10), 4, {}), 9)).rejects.toMatchObject({ status: 413 });
  });
});

describe('web-mode limits', () => {
  it('an upload at the cap, with the longest name the API accepts written all in escapes, fits the body limit', async () => {
    // The JSON around the bytes, measured on a tiny upload with the worst name (4,096 characters, each `\u0001`).
    const name = '\u0001'.repeat(4096);
    const tiny = await requestBody([{ kind: 'bytes', name, bytes: new Uint8Array(3) }]);
    const envelope = tiny.size - base64Length(3);
    expect(envelope).toBeLessThanOrEqual(ENVELOPE_BYTES);
    expect(base64Length(MAX_UPLOAD_BYTES) + envelope).toBeLessThanOrEqual(MAX_BODY_BYTES);
  });

  it('the page refuses a body the server would not read, before sending it', async () => {
    const bytes = bytesOf(300, 3);
    const body = await requestBody([{ kind: 'bytes', name: 'a', bytes }]);
    await expect(requestBody([{ kind: 'bytes', name: 'a', bytes }], body.size - 1)).rejects.toThrow(
      /more than the 0 MiB the web mode's server reads/,
    );
    expect((await requestBody([{ kind: 'bytes', name: 'a', bytes }], body.size)).size).toBe(body.size);
  });
});
