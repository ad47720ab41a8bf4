// A scripted InspectorApi for renderer unit tests: canned answers, recorded calls, controllable timing.
import type { InspectionSummary, InspectorApi, OpenRequest, SessionInfo, ShellApi, TargetCatalog } from '../../../shared/api.js';
import type { Annotation, Behaviour, Policy, Target } from '../../../shared/types.js';
import type { RepairPlan, RepairResult } from '../../../shared/inspection.js';

export const catalog: TargetCatalog = {
  providers: [
    { id: 'anthropic', models: [{ id: 'claude-sonnet-4-5', name: 'Claude Sonnet 4.5', api: 'anthropic-messages', reasoning: true }] },
    { id: 'mistral', models: [{ id: 'mistral-large-latest', name: 'Mistral Large', api: 'mistral-conversations', reasoning: false }] },
  ],
  apis: ['anthropic-messages', 'openai-completions', 'mistral-conversations'],
};

export function info(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    sessionId: 'S1',
    name: 'session.jsonl',
    path: '/tmp/session.jsonl',
    sizeBytes: 100,
    digest: 'digest-1',
    format: 'jsonl',
    lineCount: 4,
    turnCount: 3,
    diagnostics: [],
    defaultTarget: { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' },
    watched: true,
    ...overrides,
  };
}

const annotation = (rule: Annotation['rule'], turn: number | null, replayTurn: number | null): Annotation => ({
  rule,
  turn,
  replayTurn,
  action: 'rewritten',
  detail: `${rule} on ${turn}`,
});

export function summary(target: Target, id = 'I1', behaviour: Behaviour = 'spec'): InspectionSummary {
  const annotations =
    target.provider === 'mistral'
      ? [annotation('tool-call-id', 1, 1), annotation('tool-call-id', 2, 2)]
      : [annotation('blank-text', 0, 0), annotation('tool-result-pairing', 2, null), annotation('blank-text', 1, 1)];
  const rules = [...new Set(annotations.map((a) => a.rule))].map((rule) => ({
    rule,
    title: rule.toUpperCase(),
    explanation: `why ${rule}`,
    count: annotations.filter((a) => a.rule === rule).length,
  }));
  return {
    inspectionId: id,
    sessionId: 'S1',
    target,
    behaviour,
    policy: {
      sanitizeMode: { value: 'full', reason: 'default' },
      sanitizeToolCallIds: { value: target.provider === 'mistral', reason: 'r' },
    } as unknown as Policy,
    annotations,
    rules,
    diagnostics: [],
    original: { turnCount: 3, payloadBytes: 10 },
    replay: { turnCount: 3, payloadBytes: 9 },
    preflight: { original: [], replay: [] },
    notes: [],
    elapsedMs: 3,
  };
}

/** A host's preview of the first 70 of 4,000 turns of a 100 MB file, for `asked` (null: the session's recorded model). */
export function previewSummary(asked: Target | null): InspectionSummary {
  const target = asked ?? { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
  const MB = 1024 * 1024;
  return {
    ...summary(target, 'P1'),
    sessionId: 'PS',
    original: { turnCount: 70, payloadBytes: MB },
    replay: { turnCount: 70, payloadBytes: MB },
    preview: { turns: 70, totalTurns: 4000, estimatedBytes: 100 * MB },
  };
}

export const plan: RepairPlan = {
  needed: true,
  digest: 'digest-1',
  actions: [{ kind: 'drop', line: 3, reason: 'cut off', code: 'unparseable-line' }],
  counts: {
    droppedLines: 1,
    rewrittenAssistantMessages: 0,
    rewrittenUserMessages: 0,
    removedCorruptedImageBlocks: 0,
    insertedToolResults: 0,
    recoveredLines: 0,
  },
};

/** Build a stub API; `overrides` replace methods. */
export function stubApi(overrides: Partial<InspectorApi> = {}) {
  const calls: { method: string; args: unknown[] }[] = [];
  let inspections = 0;
  const base: InspectorApi = {
    listTargets: async () => catalog,
    open: async (request: OpenRequest) => info(request.kind === 'sample' ? { name: 'sample.jsonl', path: null } : {}),
    listStore: async () => null,
    reload: async () => info({ digest: 'digest-2' }),
    close: async () => undefined,
    inspect: async (_sessionId, target, options) => summary(target, `I${++inspections}`, options?.behaviour),
    preview: async () => null,
    getTurns: async () => ({ total: 0, start: 0, rows: [] }),
    payloadEntry: async () => null,
    getDocument: async () => ({ text: '', ranges: [], elisions: [] }),
    reveal: async () => null,
    thumbnail: async () => null,
    explainError: async () => [
      {
        category: 'transcript',
        check: 'anthropic-tool-result',
        rule: 'tool-result-pairing',
        confidence: 0.9,
        explanation: 'x',
        action: 'y',
        turns: [2],
        evidence: [],
      },
    ],
    exportText: async () => ({ fileName: 'payload.json', text: '{}' }),
    planRepair: async () => plan,
    repair: async (): Promise<RepairResult> => ({ status: 'repaired', message: 'Repaired 1 line', digestAfter: 'digest-2' }),
    undoRepair: async () => ({ status: 'restored', message: 'Undid the repair: sample.jsonl has its original bytes again.' }),
    recentFiles: async () => ['/tmp/session.jsonl'],
    pickFile: async () => null,
    saveText: async () => ({ saved: false }),
    pickFolder: async () => null,
    openTrajectory: async () => null,
    compareTrajectoryRun: async () => {
      throw new Error('no trajectory');
    },
    scanFolder: async (dir: string) => ({ scanId: 'S1', dir }),
    folderScan: async (scanId: string) => ({
      scanId,
      dir: '/d',
      total: 0,
      done: 0,
      rows: [],
      finished: true,
      cancelled: false,
      skipped: [],
    }),
    cancelFolderScan: async () => undefined,
    repairFolder: async () => ({ results: [], rows: [] }),
    undoFolderRepair: async () => ({ results: [], rows: [] }),
    onFileChanged: () => () => undefined,
    onProgress: () => () => undefined,
    ...overrides,
  };
  const api = new Proxy(base, {
    get(target, key: string) {
      const value = target[key as keyof InspectorApi];
      if (typeof value !== 'function' || key === 'onFileChanged' || key === 'onProgress') return value;
      return (...args: unknown[]) => {
        calls.push({ method: key, args });
        return (value as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  const shell: ShellApi = {
    launchRequest: async () => null,
    onCommand: () => () => undefined,
    onOpenRequest: () => () => undefined,
    requestForFile: async (file) => ({ kind: 'bytes', name: file.name, bytes: new Uint8Array() }),
  };
  return { api, shell, calls };
}

/** A promise with its resolve function exposed. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
