// Runtime validation of InspectorApi arguments (they come over IPC/HTTP from an untrusted renderer).
import { describe, expect, it } from 'vitest';
import { ArgumentError, assertOpenRequest, assertTarget, validateArguments } from '../../../shared/api-guards.js';
import { INSPECTOR_METHODS } from '../../../shared/api.js';

const target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
const ID = '0b8f6c1e-7b1c-4a7e-9f1e-2d2f7a1c9e11';

describe('validateArguments', () => {
  it('accepts well-formed calls of every method', () => {
    const good: Record<string, unknown[]> = {
      listTargets: [],
      open: [{ kind: 'path', path: '/tmp/s.jsonl' }],
      listStore: [{ kind: 'path', path: '/tmp/openclaw-agent.sqlite' }],
      reload: [ID],
      close: [ID],
      inspect: [ID, target],
      preview: [{ kind: 'path', path: '/tmp/s.jsonl' }, null],
      getTurns: [ID, 'replay', 0, 100],
      payloadEntry: [ID, 'original', 38],
      getDocument: [ID, 'original', 'payload'],
      reveal: [ID, 'text:3'],
      thumbnail: [ID, 'replay:payload:0'],
      explainError: [null, 'messages.3: boom'],
      exportText: [ID, 'curl'],
      planRepair: [ID],
      repair: [ID, 'a'.repeat(64)],
      undoRepair: [ID],
      recentFiles: [],
      pickFile: [],
      saveText: ['report.md', '# hi'],
      pickFolder: [],
      scanFolder: ['/tmp/sessions'],
      folderScan: [ID, 0],
      cancelFolderScan: [ID],
      repairFolder: [ID, ['/tmp/sessions/a.jsonl'], { includeInUse: false }],
      undoFolderRepair: [ID, ['/tmp/sessions/a.jsonl']],
      openTrajectory: [ID, null],
      compareTrajectoryRun: [ID, 'run-1', 'openclaw-2026.9.6'],
    };
    for (const method of INSPECTOR_METHODS) expect(() => validateArguments(method, good[method]), method).not.toThrow();
    expect(() =>
      validateArguments('inspect', [ID, { ...target, reasoning: true }, { now: 1, allowedToolNames: ['read'], imageMaxDimensionPx: 800 }]),
    ).not.toThrow();
    for (const behaviour of ['spec', 'openclaw-2026.9.6'])
      expect(() => validateArguments('inspect', [ID, target, { behaviour }]), behaviour).not.toThrow();
    expect(() => validateArguments('getDocument', [ID, 'replay', 'payload', { from: 10, to: 60 }])).not.toThrow();
    expect(() => validateArguments('open', [{ kind: 'bytes', name: 'a.jsonl', bytes: new Uint8Array([1]) }])).not.toThrow();
    expect(() => validateArguments('open', [{ kind: 'store', path: '/s/openclaw-agent.sqlite', storeSessionId: 'abc' }])).not.toThrow();
    expect(() =>
      validateArguments('open', [
        { kind: 'store-bytes', name: 'openclaw-agent.sqlite', bytes: new Uint8Array([1]), storeSessionId: 'abc' },
      ]),
    ).not.toThrow();
    expect(() =>
      validateArguments('listStore', [{ kind: 'bytes', name: 'openclaw-agent.sqlite', bytes: new Uint8Array([1]) }]),
    ).not.toThrow();
    for (const kind of ['session-jsonl', 'branch-jsonl', 'repaired-jsonl'])
      expect(() => validateArguments('exportText', [ID, kind])).not.toThrow();
  });

  it('checks what the trajectory methods take', () => {
    expect(() => validateArguments('openTrajectory', [ID, { kind: 'path', path: '/tmp/s.trajectory.jsonl' }])).not.toThrow();
    expect(() => validateArguments('openTrajectory', [ID, { kind: 'bytes', name: 't.jsonl', bytes: new Uint8Array([1]) }])).not.toThrow();
    expect(() => validateArguments('openTrajectory', [ID])).toThrow('openTrajectory: expected 2 argument(s), got 1');
    expect(() => validateArguments('openTrajectory', [ID, { kind: 'text', name: 'x', text: '' }])).toThrow(ArgumentError);
    expect(() => validateArguments('openTrajectory', [42, null])).toThrow(/openTrajectory\(sessionId\)/);
    expect(() => validateArguments('compareTrajectoryRun', [ID, 'run-1', 'latest'])).toThrow(
      "compareTrajectoryRun(behaviour): expected 'spec' or 'openclaw-2026.9.6', got \"latest\"",
    );
    expect(() => validateArguments('compareTrajectoryRun', [ID, 7, 'spec'])).toThrow(/compareTrajectoryRun\(runId\)/);
    expect(() => validateArguments('compareTrajectoryRun', [ID, 'x'.repeat(501), 'spec'])).toThrow(ArgumentError);
  });

  it('checks the requests that name a stored session, and what listStore accepts', () => {
    const bad: [Parameters<typeof validateArguments>[0], unknown[], RegExp][] = [
      ['open', [{ kind: 'store', path: '/s.sqlite' }], /open\(request\)\.storeSessionId: expected a string, got undefined/],
      ['open', [{ kind: 'store', path: '', storeSessionId: 'a' }], /open\(request\)\.path: must not be empty/],
      ['open', [{ kind: 'store-bytes', name: 's', bytes: 'AAAA', storeSessionId: 'a' }], /bytes: expected a Uint8Array/],
      ['open', [{ kind: 'store', path: '/s.sqlite', storeSessionId: 'x'.repeat(201) }], /storeSessionId: longer than 200/],
      ['listStore', [{ kind: 'sample' }], /listStore\(request\)\.kind: expected 'path' or 'bytes', got "sample"/],
      ['listStore', [{ kind: 'store', path: '/s.sqlite', storeSessionId: 'a' }], /listStore\(request\)\.kind: expected 'path' or 'bytes'/],
      ['listStore', [], /expected 1 argument/],
      ['exportText', [ID, 'jsonl'], /exportText\(kind\): expected one of .*repaired-jsonl/],
    ];
    for (const [method, args, message] of bad) expect(() => validateArguments(method, args), `${method}`).toThrow(message);
  });

  it('rejects wrong arity, wrong types and out-of-range values with a message naming the argument', () => {
    const bad: [Parameters<typeof validateArguments>[0], unknown[], RegExp][] = [
      ['listTargets', [1], /expected 0 argument/],
      ['open', [{ kind: 'url', path: 'x' }], /open\(request\)\.kind: expected 'path'/],
      ['open', [{ kind: 'path', path: '' }], /open\(request\)\.path: must not be empty/],
      ['open', [{ kind: 'bytes', name: 'x', bytes: [1, 2] }], /bytes: expected a Uint8Array, got an array/],
      ['open', ['session.jsonl'], /expected \{kind/],
      ['open', [null], /open\(request\): expected \{kind/],
      ['open', [{ kind: 'nope' }], /open\(request\)\.kind/],
      ['inspect', [ID, { provider: 'a', api: 'b' }], /inspect\(target\)\.modelId: expected a string/],
      ['inspect', [ID, target, { now: 'today' }], /inspect\(options\)\.now/],
      ['preview', [{ kind: 'path', path: '/tmp/s.jsonl' }], /expected 2 to 3 argument/],
      ['preview', [{ kind: 'path', path: '/tmp/s.jsonl' }, null, { behaviour: 'latest' }], /preview\(options\)\.behaviour/],
      ['preview', [{ kind: 'path', path: '/tmp/s.jsonl' }, { provider: 'a' }], /preview\(target\)\.api: expected a string/],
      ['inspect', [ID, target, { imageMaxDimensionPx: 0 }], /imageMaxDimensionPx/],
      [
        'inspect',
        [ID, target, { behaviour: 'openclaw' }],
        /inspect\(options\)\.behaviour: expected 'spec' or 'openclaw-2026\.9\.6', got "openclaw"/,
      ],
      ['getTurns', [ID, 'left', 0, 10], /getTurns\(side\): expected 'original' or 'replay'/],
      ['getDocument', [ID, 'both', 'payload'], /getDocument\(side\): expected 'original' or 'replay'/],
      ['getTurns', [ID, 'replay', -1, 10], /getTurns\(start\)/],
      ['payloadEntry', [ID, 'replay', 1.5], /payloadEntry\(index\): expected an integer/],
      ['payloadEntry', [ID, 'both', 1], /payloadEntry\(side\): expected 'original' or 'replay'/],
      ['payloadEntry', [ID, 'replay'], /expected 3 argument/],
      ['getTurns', [ID, 'replay', 0, 1e9], /getTurns\(count\): expected an integer from 0 to 10000/],
      ['getDocument', [ID, 'replay', 'html'], /getDocument\(view\)/],
      ['getDocument', [ID, 'replay', 'payload', { from: 5, to: 2 }], /"to" must not be before "from"/],
      ['getDocument', [ID, 'replay', 'payload', { from: 0, to: 5001 }], /at most 5000 turns/],
      ['getDocument', [ID, 'replay', 'payload', { from: 0, to: 3, all: true }], /unexpected field "all"/],
      ['reveal', [ID, 'x'.repeat(201)], /reveal\(ref\)/],
      ['exportText', [ID, 'pdf'], /exportText\(kind\): expected one of/],
      ['repair', [ID, 'not-a-digest'], /sha-256 hex digest/],
      ['reload', [{ id: ID }], /reload\(sessionId\): expected a string, got an object/],
      ['reload', ['x\u0000y'], /NUL/],
    ];
    for (const [method, args, message] of bad) {
      expect(() => validateArguments(method, args), `${method} ${JSON.stringify(args)}`).toThrow(ArgumentError);
      expect(() => validateArguments(method, args)).toThrow(message);
    }
  });
});

describe('assertions', () => {
  it('narrow OpenRequest and Target', () => {
    const request: unknown = { kind: 'sample' };
    assertOpenRequest(request);
    expect(request.kind).toBe('sample');
    const t: unknown = { ...target, compat: { supportsReasoningEffort: false } };
    assertTarget(t);
    expect(t.modelId).toBe('claude-sonnet-4-5');
    expect(() => assertTarget({ ...target, compat: { supportsReasoningEffort: 'no' } })).toThrow(/supportsReasoningEffort/);
  });
});

describe('repair options', () => {
  const digest = 'a'.repeat(64);
  it('accepts {force, skipLines} as an explicit third argument, and nothing else there', () => {
    expect(() => validateArguments('repair', [ID, digest, { force: true }])).not.toThrow();
    expect(() => validateArguments('repair', [ID, digest, { force: true, skipLines: [2, 5] }])).not.toThrow();
    expect(() => validateArguments('repair', [ID, digest, {}])).not.toThrow();
    expect(() => validateArguments('repair', [ID, digest, { force: 'yes' }])).toThrow(
      'repair(options).force: expected a boolean, got "yes"',
    );
    expect(() => validateArguments('repair', [ID, digest, { force: true, skipLines: [0] }])).toThrow(/repair\(options\)\.skipLines/);
    expect(() => validateArguments('repair', [ID, digest, { force: true, path: '/etc/passwd' }])).toThrow(
      'repair(options): unknown option path',
    );
    // JSON (the web mode) turns an absent third argument into null: it means no options.
    expect(() => validateArguments('repair', [ID, digest, null])).not.toThrow();
    expect(() => validateArguments('repair', [ID, digest, 'force'])).toThrow(/repair\(options\)/);
    expect(() => validateArguments('repair', [ID, digest, {}, 4])).toThrow('repair: expected 2 to 3 argument(s), got 4');
  });
});
