// The document cache: one fetch per document or window, least recently used dropped, failures retried.
import { describe, expect, it } from 'vitest';
import { DocumentCache, documentKey } from '../../../renderer/documents.js';
import { stubApi } from './stub-api.js';

describe('DocumentCache', () => {
  it('fetches each document or window once and passes the window on', async () => {
    const { api, calls } = stubApi({ getDocument: async (_id, side) => ({ text: side, ranges: [], elisions: [] }) });
    const cache = new DocumentCache(api);
    await cache.get('I1', 'original', 'payload', null);
    await cache.get('I1', 'original', 'payload', null);
    await cache.get('I1', 'original', 'payload', { from: 0, to: 40 });
    await cache.get('I1', 'original', 'payload', { from: 0, to: 40 });
    expect(calls.map((c) => c.args)).toEqual([
      ['I1', 'original', 'payload'],
      ['I1', 'original', 'payload', { from: 0, to: 40 }],
    ]);
    expect(documentKey('I1', 'replay', 'transcript', { from: 3, to: 9 })).not.toBe(documentKey('I1', 'replay', 'transcript', null));
  });

  it('drops the least recently used beyond its bounds and other inspections on request', async () => {
    const { api } = stubApi({ getDocument: async () => ({ text: 'x', ranges: [], elisions: [] }) });
    const cache = new DocumentCache(api);
    for (let i = 0; i < 20; i += 1) await cache.get('I1', 'original', 'payload', { from: i, to: i + 1 });
    expect(cache.size).toBe(12);
    await cache.get('I2', 'original', 'payload', null);
    cache.keepOnly('I2');
    expect(cache.size).toBe(1);
  });

  it('keeps a document asked for again over one fetched after it but left alone', async () => {
    const { api, calls } = stubApi({ getDocument: async () => ({ text: 'x', ranges: [], elisions: [] }) });
    const cache = new DocumentCache(api);
    const window = (i: number) => ({ from: i, to: i + 1 });
    for (let i = 0; i < 12; i += 1) await cache.get('I1', 'original', 'payload', window(i));
    await cache.get('I1', 'original', 'payload', window(0));
    await cache.get('I1', 'original', 'payload', window(12));
    const before = calls.length;
    await cache.get('I1', 'original', 'payload', window(0));
    expect(calls.length).toBe(before);
    await cache.get('I1', 'original', 'payload', window(1));
    expect(calls.length).toBe(before + 1);
  });

  it('forgets a failed fetch so the next request tries again', async () => {
    let n = 0;
    const { api } = stubApi({
      getDocument: async () => {
        n += 1;
        if (n === 1) throw new Error('busy');
        return { text: 'ok', ranges: [], elisions: [] };
      },
    });
    const cache = new DocumentCache(api);
    await expect(cache.get('I1', 'replay', 'payload', null)).rejects.toThrow('busy');
    await expect(cache.get('I1', 'replay', 'payload', null)).resolves.toMatchObject({ text: 'ok' });
  });
});
