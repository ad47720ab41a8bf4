// The renderer store's slices against a stub host: open, target, inspection, UI stepping, repair.
import { describe, expect, it, vi } from 'vitest';
import type { InspectionSummary, ProgressEvent, SessionInfo, TargetCatalog } from '../../../../shared/api.js';
import type { RepairResult } from '../../../../shared/inspection.js';
import { createAppStore } from '../../../../renderer/store/store.js';
import { annotationOrder, groupAnnotations } from '../../../../renderer/store/selectors.js';
import { deferred, info, plan, stubApi, summary } from '../stub-api.js';

function setup(overrides: Parameters<typeof stubApi>[0] = {}) {
  const stub = stubApi(overrides);
  const store = createAppStore({ api: stub.api, shell: stub.shell });
  return { ...stub, store };
}

describe('session slice', () => {
  it('opens a session, takes its last model as the target and inspects at once', async () => {
    const { store, calls } = setup();
    await store.getState().loadCatalog();
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    const state = store.getState();
    expect(state.session.info?.sessionId).toBe('S1');
    expect(state.session.loading).toBe(false);
    expect(state.target.current).toEqual({
      provider: 'anthropic',
      api: 'anthropic-messages',
      modelId: 'claude-sonnet-4-5',
      reasoning: true,
    });
    expect(state.inspection.summary?.inspectionId).toBe('I1');
    expect(calls.filter((c) => c.method === 'inspect')).toHaveLength(1);
  });

  it('turns an open failure into a readable error and a toast', async () => {
    const { store } = setup({ open: async () => Promise.reject(new Error('session.jsonl:1:1: missing header')) });
    await store.getState().openSession({ kind: 'path', path: '/tmp/x.jsonl' });
    const state = store.getState();
    expect(state.session.error).toBe('Could not open /tmp/x.jsonl: session.jsonl:1:1: missing header');
    expect(state.ui.toasts.at(-1)).toMatchObject({ kind: 'error' });
    expect(state.session.info).toBeNull();
  });

  it('closes the previous session when another opens', async () => {
    let n = 0;
    const { store, calls } = setup({ open: async () => info({ sessionId: `S${++n}` }) });
    await store.getState().openSession({ kind: 'sample' });
    await store.getState().openSession({ kind: 'sample' });
    expect(calls.filter((c) => c.method === 'close').map((c) => c.args[0])).toEqual(['S1']);
  });

  it('records a change on disk for the open session only, and clears it on reload', async () => {
    const { store } = setup();
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    store.getState().fileChanged({ sessionId: 'other', path: '/x', kind: 'changed' });
    expect(store.getState().session.changed).toBeNull();
    store.getState().fileChanged({ sessionId: 'S1', path: '/tmp/session.jsonl', kind: 'changed' });
    expect(store.getState().session.changed?.kind).toBe('changed');
    await store.getState().reloadSession();
    expect(store.getState().session.changed).toBeNull();
    expect(store.getState().session.info?.digest).toBe('digest-2');
  });

  it('keeps a change reported while the session was still being opened, and shows it once the session is on screen', async () => {
    const opened = deferred<SessionInfo>();
    const { store } = setup({ open: () => opened.promise });
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    await vi.waitFor(() => expect(store.getState().session.loading).toBe(true));
    // The host watches from the bytes it read: its event may come before open() has answered here.
    const event = { sessionId: 'S1', path: '/tmp/session.jsonl', kind: 'changed' } as const;
    store.getState().fileChanged({ sessionId: 'gone', path: '/tmp/old.jsonl', kind: 'changed' });
    store.getState().fileChanged(event);
    expect(store.getState().session.changed).toBeNull();
    opened.resolve(info({ sessionId: 'S1' }));
    await done;
    expect(store.getState().session.info?.sessionId).toBe('S1');
    expect(store.getState().session.changed).toEqual(event);
  });

  it('keeps a change reported during a reload (the reload may have read the file before it)', async () => {
    const reloaded = deferred<SessionInfo>();
    const { store } = setup({ reload: () => reloaded.promise });
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    const before = { sessionId: 'S1', path: '/tmp/session.jsonl', kind: 'changed' } as const;
    store.getState().fileChanged(before);
    const done = store.getState().reloadSession();
    const during = { sessionId: 'S1', path: '/tmp/session.jsonl', kind: 'deleted' } as const;
    store.getState().fileChanged(during);
    reloaded.resolve(info({ digest: 'digest-2' }));
    await done;
    expect(store.getState().session.changed).toEqual(during);
    // The change before the reload was what it read; a reload with no change during it clears the banner.
    await store.getState().reloadSession();
    expect(store.getState().session.changed).toBeNull();
  });
});

describe('read progress', () => {
  /** A stub host whose progress events the test sends. */
  function withProgress(overrides: Parameters<typeof stubApi>[0] = {}) {
    const listeners = new Set<(event: ProgressEvent) => void>();
    const stub = setup({
      onProgress: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      ...overrides,
    });
    const send = (event: Partial<ProgressEvent>) =>
      listeners.forEach((l) => l({ operation: 'open', name: 'big.jsonl', path: '/data/big.jsonl', done: 0, total: 100, ...event }));
    return { ...stub, listeners, send, progress: () => stub.store.getState().session.progress };
  }

  it('follows the file being opened only, and stops when the open settles', async () => {
    const opened = deferred<SessionInfo>();
    const { store, listeners, send, progress } = withProgress({ open: () => opened.promise });
    const opening = store.getState().openSession({ kind: 'path', path: '/data/big.jsonl' });
    expect(progress()).toBeNull();
    send({ name: 'other.jsonl', path: '/data/other.jsonl', done: 50 });
    send({ operation: 'reload', done: 50 });
    expect(progress()).toBeNull();
    send({ done: 452_000_000, total: 1_074_000_000 });
    expect(progress()).toEqual({ done: 452_000_000, total: 1_074_000_000 });
    expect(store.getState().session.opening).toBe('/data/big.jsonl');
    opened.resolve(info({ name: 'big.jsonl', path: '/data/big.jsonl' }));
    await opening;
    expect(progress()).toBeNull();
    expect(listeners.size).toBe(0);
  });

  it('clears on error, and leaves an open superseded by a newer one behind', async () => {
    const failing = withProgress({ open: async () => Promise.reject(new Error('permission denied')) });
    const opening = failing.store.getState().openSession({ kind: 'path', path: '/data/big.jsonl' });
    failing.send({ done: 10 });
    expect(failing.progress()).toEqual({ done: 10, total: 100 });
    await opening;
    expect(failing.progress()).toBeNull();
    expect(failing.store.getState().session.error).toMatch(/permission denied/);

    const first = deferred<SessionInfo>();
    const second = deferred<SessionInfo>();
    const opens = [first, second];
    const racing = withProgress({ open: () => opens.shift()!.promise });
    void racing.store.getState().openSession({ kind: 'path', path: '/data/big.jsonl' });
    void racing.store.getState().openSession({ kind: 'bytes', name: 'big.jsonl', bytes: new Uint8Array(1) });
    // The newer open sends bytes (no read from disk): the older one's events for the same name are not its.
    racing.send({ done: 30 });
    expect(racing.progress()).toBeNull();
    first.resolve(info());
    second.resolve(info());
  });

  it('follows a reload by the session path', async () => {
    const reloaded = deferred<SessionInfo>();
    const { store, send, progress } = withProgress({ reload: () => reloaded.promise });
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    const reloading = store.getState().reloadSession();
    send({ operation: 'open', name: 'session.jsonl', path: '/tmp/session.jsonl', done: 10 });
    send({ operation: 'reload', name: 'session.jsonl', path: '/elsewhere/session.jsonl', done: 20 });
    expect(progress()).toBeNull();
    send({ operation: 'reload', name: 'session.jsonl', path: '/tmp/session.jsonl', done: 30 });
    expect(progress()).toEqual({ done: 30, total: 100 });
    reloaded.resolve(info({ digest: 'digest-2' }));
    await reloading;
    expect(progress()).toBeNull();
  });
});

describe('target and inspection slices', () => {
  it('re-inspects when the target changes and keeps only the newest result', async () => {
    const slow = deferred<InspectionSummary>();
    let first = true;
    const { store } = setup({
      inspect: async (_id, target) => {
        if (first) {
          first = false;
          return slow.promise;
        }
        return summary(target, 'fast');
      },
    });
    await store.getState().loadCatalog();
    const opening = store.getState().openSession({ kind: 'sample' });
    await vi.waitFor(() => expect(store.getState().inspection.loading).toBe(true));
    await store.getState().setTarget({ provider: 'mistral', api: 'mistral-conversations', modelId: 'mistral-large-latest' });
    slow.resolve(summary({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' }, 'stale'));
    await opening;
    expect(store.getState().inspection.summary?.inspectionId).toBe('fast');
    expect(store.getState().target.current?.reasoning).toBe(false);
  });

  it('re-inspects in the chosen behaviour and keeps it for later inspections', async () => {
    const calls: (string | undefined)[] = [];
    const { store } = setup({
      inspect: async (_id, target, options) => {
        calls.push(options?.behaviour);
        return summary(target, `I${calls.length}`, options?.behaviour);
      },
    });
    await store.getState().loadCatalog();
    await store.getState().openSession({ kind: 'sample' });
    expect(store.getState().target.behaviour).toBe('spec');
    await store.getState().setBehaviour('openclaw-2026.9.6');
    expect(store.getState().inspection.summary?.behaviour).toBe('openclaw-2026.9.6');
    await store.getState().setBehaviour('openclaw-2026.9.6');
    await store.getState().setTarget({ provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' });
    expect(calls).toEqual(['spec', 'openclaw-2026.9.6', 'openclaw-2026.9.6']);
  });

  it('falls back to a catalogue model when the session records none', async () => {
    const { store } = setup({ open: async () => info({ defaultTarget: null }) });
    await store.getState().loadCatalog();
    await store.getState().openSession({ kind: 'sample' });
    expect(store.getState().target.current?.modelId).toBe('claude-sonnet-4-5');
    expect(store.getState().inspection.summary).not.toBeNull();
  });

  it('reports a failed inspection without losing the session', async () => {
    const { store } = setup({ inspect: async () => Promise.reject(new Error('pi-ai could not build the payload')) });
    await store.getState().openSession({ kind: 'sample' });
    expect(store.getState().inspection.error).toBe('Inspection failed: pi-ai could not build the payload');
    expect(store.getState().session.info).not.toBeNull();
  });
});

describe('target picking', () => {
  // A catalogue whose first model is not the flagship, and a router that serves Claude under its own ids.
  const picking: TargetCatalog = {
    providers: [
      {
        id: 'anthropic',
        flagship: 'claude-opus-4-7',
        models: [
          { id: 'claude-3-5-haiku', name: 'Haiku 3.5', api: 'anthropic-messages', reasoning: false },
          { id: 'claude-opus-4-7', name: 'Opus 4.7', api: 'anthropic-messages', reasoning: true },
          { id: 'claude-sonnet-4-5', name: 'Sonnet 4.5', api: 'anthropic-messages', reasoning: true },
        ],
      },
      {
        id: 'google',
        flagship: 'gemini-3.1-pro-preview',
        models: [
          { id: 'gemini-1.5-flash', name: 'Flash', api: 'google-generative-ai', reasoning: false },
          { id: 'gemini-3.1-pro-preview', name: 'Pro', api: 'google-generative-ai', reasoning: true },
        ],
      },
      { id: 'openrouter', models: [{ id: 'anthropic/claude-sonnet-4.5', name: 'Sonnet', api: 'openai-completions', reasoning: true }] },
    ],
    apis: [],
  };

  async function opened() {
    const stub = setup({ listTargets: async () => picking });
    await stub.store.getState().loadCatalog();
    await stub.store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    return stub;
  }

  it('a provider that does not serve the model gives its flagship, never its first model, and says so', async () => {
    const { store, calls } = await opened();
    await store.getState().chooseProvider('google');
    expect(store.getState().target.current).toEqual({
      provider: 'google',
      api: 'google-generative-ai',
      modelId: 'gemini-3.1-pro-preview',
      reasoning: true,
    });
    const message =
      'google does not serve claude-sonnet-4-5, so the target is its flagship, gemini-3.1-pro-preview (Pro): its newest, most capable model in the catalogue.';
    expect(store.getState().ui.toasts.at(-1)).toMatchObject({ kind: 'info', text: message });
    expect(store.getState().target.notice).toBe(message);
    expect(calls.filter((c) => c.method === 'inspect').at(-1)?.args[1]).toMatchObject({ modelId: 'gemini-3.1-pro-preview' });
  });

  it('a provider that serves the model keeps it, under the provider’s own id', async () => {
    const { store } = await opened();
    await store.getState().chooseProvider('openrouter');
    expect(store.getState().target.current?.modelId).toBe('anthropic/claude-sonnet-4.5');
    expect(store.getState().ui.toasts.at(-1)?.text).toBe('openrouter serves claude-sonnet-4-5 as anthropic/claude-sonnet-4.5.');
    await store.getState().chooseProvider('anthropic');
    expect(store.getState().target.current?.modelId).toBe('claude-sonnet-4-5');
  });

  it('remembers picked targets, newest first and each once', async () => {
    const { store } = await opened();
    const pick = (modelId: string) => store.getState().chooseTarget({ provider: 'anthropic', api: 'anthropic-messages', modelId });
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'b']) await pick(id);
    expect(store.getState().target.recent.map((t) => t.modelId)).toEqual(['b', 'g', 'f', 'e', 'd', 'c']);
  });

  it('the reasoning switch re-inspects with thinking on or off', async () => {
    const { store, calls } = await opened();
    expect(store.getState().target.current?.reasoning).toBe(true);
    await store.getState().setReasoning(false);
    expect(store.getState().target.current?.reasoning).toBe(false);
    expect(calls.filter((c) => c.method === 'inspect').at(-1)?.args[1]).toMatchObject({ reasoning: false });
    const before = calls.length;
    await store.getState().setReasoning(false);
    expect(calls.length).toBe(before);
  });

  it('a session with no recorded model starts on Anthropic’s flagship', async () => {
    const { store } = setup({ listTargets: async () => picking, open: async () => info({ defaultTarget: null }) });
    await store.getState().loadCatalog();
    await store.getState().openSession({ kind: 'sample' });
    expect(store.getState().target.current?.modelId).toBe('claude-opus-4-7');
  });

  it('a session with no recorded model opened before the catalogue arrived is inspected once it does', async () => {
    const { store, calls } = setup({ listTargets: async () => picking, open: async () => info({ defaultTarget: null }) });
    await store.getState().openSession({ kind: 'sample' });
    expect(store.getState().inspection.error).toBe('Pick a provider and model to inspect this session.');
    await store.getState().loadCatalog();
    await vi.waitFor(() => expect(store.getState().inspection.summary).not.toBeNull());
    expect(store.getState().target.current?.modelId).toBe('claude-opus-4-7');
    expect(calls.filter((c) => c.method === 'inspect')).toHaveLength(1);
  });
});

describe('ui slice', () => {
  it('groups annotations by rule in pipeline order and steps through them with wrap-around', async () => {
    const { store } = setup();
    await store.getState().openSession({ kind: 'sample' });
    const s = store.getState().inspection.summary!;
    expect(groupAnnotations(s).map((g) => [g.rule, g.indices])).toEqual([
      ['blank-text', [0, 2]],
      ['tool-result-pairing', [1]],
    ]);
    expect(annotationOrder(s)).toEqual([0, 2, 1]);
    const seen: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      store.getState().stepAnnotation(1);
      const focus = store.getState().ui.focus;
      seen.push(focus?.kind === 'annotation' ? focus.index : -1);
    }
    expect(seen).toEqual([0, 2, 1, 0]);
    store.getState().stepAnnotation(-1);
    expect(store.getState().ui.focus).toEqual({ kind: 'annotation', index: 1 });
  });

  it('bumps the focus sequence so selecting the same item reveals it again', () => {
    const { store } = setup();
    store.getState().selectTurn('original', 2);
    const seq = store.getState().ui.focusSeq;
    store.getState().selectTurn('original', 2);
    expect(store.getState().ui.focusSeq).toBe(seq + 1);
  });

  it('opens the viewer of an elided string and closes it on a new inspection', async () => {
    const { store } = setup();
    await store.getState().openSession({ kind: 'sample' });
    const elision = {
      line: 4,
      placeholder: '<image/png 1.2 MB 1600×900>',
      ref: 'original:payload:0',
      kind: 'base64' as const,
      imageRef: 'original:payload:0',
      mimeType: 'image/png',
      bytes: 1_200_000,
    };
    store.getState().openElision({ side: 'original', elision });
    expect(store.getState().ui.elision).toEqual({ side: 'original', elision });
    store.getState().closeElision();
    expect(store.getState().ui.elision).toBeNull();
    store.getState().openElision({ side: 'replay', elision });
    await store.getState().runInspection();
    expect(store.getState().ui.elision).toBeNull();
  });

  it('toggles the view', () => {
    const { store } = setup();
    store.getState().toggleView();
    expect(store.getState().ui.view).toBe('transcript');
    store.getState().toggleView();
    expect(store.getState().ui.view).toBe('payload');
  });

  it('matches a pasted error against the current inspection', async () => {
    const { store, calls } = setup();
    await store.getState().openSession({ kind: 'sample' });
    await store.getState().explainError('messages.3: tool_use ids were found without tool_result blocks');
    expect(store.getState().ui.explanations[0].check).toBe('anthropic-tool-result');
    expect(calls.find((c) => c.method === 'explainError')?.args[0]).toBe('I1');
    await store.getState().explainError('   ');
    expect(store.getState().ui.explanations).toEqual([]);
  });

  it('keeps error toasts until dismissed and drops others after a while', async () => {
    vi.useFakeTimers();
    try {
      const { store } = setup();
      const ok = store.getState().pushToast({ kind: 'success', text: 'saved' });
      const bad = store.getState().pushToast({ kind: 'error', text: 'broken' });
      vi.advanceTimersByTime(10_000);
      expect(store.getState().ui.toasts.map((t) => t.id)).toEqual([bad]);
      expect(ok).not.toBe(bad);
      store.getState().dismissToast(bad);
      expect(store.getState().ui.toasts).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('repair slice', () => {
  it('plans, writes with the plan digest, reports and reloads', async () => {
    const { store, calls } = setup();
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    await store.getState().startRepair();
    expect(store.getState().repair).toMatchObject({ phase: 'review', plan });
    await store.getState().confirmRepair();
    expect(calls.find((c) => c.method === 'repair')?.args).toEqual(['S1', 'digest-1']);
    expect(store.getState().repair.phase).toBe('done');
    expect(store.getState().repair.result?.status).toBe('repaired');
    expect(calls.some((c) => c.method === 'reload')).toBe(true);
    expect(store.getState().session.info?.digest).toBe('digest-2');
    // The watcher's echo of our own write does not raise the "changed on disk" banner.
    store.getState().fileChanged({ sessionId: 'S1', path: '/tmp/session.jsonl', kind: 'changed' });
    expect(store.getState().session.changed).toBeNull();
  });

  it('shows a refusal (file changed meanwhile) and does not reload', async () => {
    const { store, calls } = setup({
      repair: async () => ({ status: 'refused', reason: 'the file changed since it was inspected', message: 'refused' }),
    });
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    await store.getState().startRepair();
    await store.getState().confirmRepair();
    expect(store.getState().repair.result?.reason).toMatch(/changed since/);
    expect(calls.some((c) => c.method === 'reload')).toBe(false);
    expect(store.getState().ui.toasts.at(-1)?.text).toMatch(/Repair refused: the file changed/);
  });

  it('offers to force a repair refused because the file is open for writing, and forces only when asked', async () => {
    let answer: RepairResult = {
      status: 'refused',
      reason: 'open for writing',
      message: 'refusing: it is open for writing by pid 7 (node)',
    };
    const { store, calls } = setup({ repair: async () => answer });
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    await store.getState().startRepair();
    await store.getState().confirmRepair(true);
    // Forcing is the answer to a refusal: not from the review.
    expect(calls.filter((c) => c.method === 'repair')).toEqual([]);
    await store.getState().confirmRepair();
    expect(store.getState().repair).toMatchObject({ phase: 'done', result: { reason: 'open for writing' } });
    answer = { status: 'repaired', message: 'repaired', digestAfter: 'digest-2' };
    await store.getState().confirmRepair(true);
    expect(calls.filter((c) => c.method === 'repair').map((c) => c.args)).toEqual([
      ['S1', 'digest-1'],
      ['S1', 'digest-1', { force: true }],
    ]);
    expect(store.getState().repair.result?.status).toBe('repaired');
  });

  it('forces with the same selection: the options carry both the unticked lines and force', async () => {
    let answer: RepairResult = { status: 'refused', reason: 'has other links', message: 'refusing: it has 1 other name(s) (hard links)' };
    const { store, calls } = setup({ repair: async () => answer });
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    await store.getState().startRepair();
    store.getState().chooseRewrites([2], false);
    await store.getState().confirmRepair();
    answer = { status: 'repaired', message: 'repaired', digestAfter: 'digest-2' };
    await store.getState().confirmRepair(true);
    expect(calls.filter((c) => c.method === 'repair').map((c) => c.args)).toEqual([
      ['S1', 'digest-1', { skipLines: [2] }],
      ['S1', 'digest-1', { skipLines: [2], force: true }],
    ]);
  });

  it('leaves unticked rewrites out, keeps the backup for Undo, and undoes while the file is unchanged', async () => {
    const { store, calls } = setup({
      repair: async () => ({
        status: 'repaired',
        message: 'm',
        digestAfter: 'digest-2',
        backupPath: '/tmp/session.jsonl.before-repair-x',
        plan,
      }),
    });
    await store.getState().openSession({ kind: 'path', path: '/tmp/session.jsonl' });
    await store.getState().startRepair();
    store.getState().chooseRewrites([4, 2], false);
    store.getState().chooseRewrites([4], true);
    expect(store.getState().repair.skipped).toEqual([2]);
    await store.getState().confirmRepair();
    expect(calls.find((c) => c.method === 'repair')?.args).toEqual(['S1', 'digest-1', { skipLines: [2] }]);
    expect(store.getState().repair.undo).toEqual({
      sessionId: 'S1',
      digestAfter: 'digest-2',
      backupPath: '/tmp/session.jsonl.before-repair-x',
    });
    store.getState().closeRepair();
    expect(store.getState().repair.skipped).toEqual([]);
    await store.getState().undoRepair();
    expect(calls.find((c) => c.method === 'undoRepair')?.args).toEqual(['S1']);
    expect(store.getState().repair).toMatchObject({
      phase: 'done',
      undo: null,
      undone: { status: 'restored', message: 'Undid the repair: sample.jsonl has its original bytes again.' },
    });
    expect(calls.filter((c) => c.method === 'reload')).toHaveLength(2);
  });

  it('says why the sample cannot be repaired, in the words the host gives', async () => {
    const reason = 'The sample ships with the app and is never repaired: open a session file (Open…) to repair it.';
    const { store, calls } = setup({ open: async () => info({ name: 'sample.jsonl', path: '/app/sample.jsonl', repairRefusal: reason }) });
    await store.getState().openSession({ kind: 'sample' });
    await store.getState().startRepair();
    expect(store.getState().repair).toMatchObject({ phase: 'done', error: reason });
    expect(calls.some((c) => c.method === 'planRepair')).toBe(false);
  });

  it('explains why a session without a file cannot be repaired', async () => {
    const { store, calls } = setup();
    await store.getState().openSession({ kind: 'sample' });
    await store.getState().startRepair();
    expect(store.getState().repair.error).toMatch(/not opened from a file on disk/);
    expect(calls.some((c) => c.method === 'planRepair')).toBe(false);
  });
});
