/**
 * A recorded run against this tool's replay: the session's branch cut at the run's `transcriptLeafId`,
 * replayed for the run's provider, api and model up to the history OpenClaw hands its model, compared
 * turn by turn with the run's `context.compiled` messages. The recorder's cuts and redactions are marks,
 * not differences.
 */
import { pipelineInput, type EngineOptions } from '../engine.js';
import { runCompiledHistory } from '../pipeline/run-pipeline.js';
import { resolvePolicy } from '../policy/resolve.js';
import { buildContext } from '../session/context.js';
import type { ParsedSession } from '../session/types.js';
import type { Annotation, Behaviour, JsonValue, Target } from '../types.js';
import { isTruncationMarker, RECORDED_ITEMS_MAX, truncationRecord, TurnWalk } from './compare-values.js';
import type {
  AttemptComparison,
  AttemptVerdict,
  RecorderMark,
  RunComparison,
  TrajectoryAttempt,
  TrajectoryDifference,
  TrajectoryRun,
} from './types.js';

/** The behaviour a trajectory is compared under unless the caller chooses: the release that records them. */
export const TRAJECTORY_BEHAVIOUR: Behaviour = 'openclaw-2026.9.6';

export interface CompareOptions extends Omit<EngineOptions, 'context' | 'behaviour' | 'now'> {
  behaviour?: Behaviour;
  /** The target of an attempt (the host fills in the catalogue's facts); by default its provider, api and model. */
  targetOf?: (attempt: TrajectoryAttempt) => Target;
}

/** The session as it was when the run started: its entries up to the one the run recorded as its leaf. */
function cutAt(parsed: ParsedSession, leafId: string): ParsedSession | null {
  const leaf = parsed.entries.find((e) => e.entry.id === leafId);
  if (!leaf) return null;
  return { ...parsed, entries: parsed.entries.filter((e) => e.line <= leaf.line) };
}

const plain = (messages: readonly unknown[]): JsonValue[] => JSON.parse(JSON.stringify(messages)) as JsonValue[];

function compareMessages(
  recorded: JsonValue | undefined,
  replay: JsonValue[],
  origins: readonly (number | null)[],
  annotations: Annotation[],
) {
  const marks: RecorderMark[] = [];
  const differences: TrajectoryDifference[] = [];
  if (!Array.isArray(recorded)) {
    const cut = truncationRecord(recorded);
    if (isTruncationMarker(recorded))
      marks.push({ turn: 0, path: 'messages', kind: 'truncated', detail: cut ? String(cut.reason) : String(recorded) });
    else differences.push({ turn: 0, path: 'messages', recorded, replay, explanation: 'the recorded messages are not a list' });
    return { marks, differences, count: null };
  }
  const tail = truncationRecord(recorded.at(-1));
  const cutList = tail?.reason === 'trajectory-array-size-limit';
  const kept = cutList ? recorded.slice(0, -1) : recorded;
  if (cutList) {
    const original = typeof tail.originalLength === 'number' ? tail.originalLength : null;
    if (original !== null && original !== replay.length)
      differences.push({
        turn: kept.length,
        path: 'messages',
        recorded: original,
        replay: replay.length,
        explanation: `the gateway compiled ${original} messages, the replay has ${replay.length}`,
      });
    else
      marks.push({
        turn: kept.length,
        path: `messages[${kept.length}]`,
        kind: 'truncated',
        detail: `an array over 64 items: messages from ${kept.length} on were not recorded`,
      });
  }
  kept.forEach((message, i) => {
    const walk = new TurnWalk(i, {
      created: origins[i] === null,
      resized: annotations.some((a) => a.rule === 'images' && a.replayTurn === i),
    });
    if (i >= replay.length)
      differences.push({
        turn: i,
        path: `messages[${i}]`,
        recorded: message,
        replay: undefined,
        explanation: 'the recording has this message, the replay ends before it',
      });
    else walk.value(message, replay[i], `messages[${i}]`);
    marks.push(...walk.marks);
    differences.push(...walk.differences);
  });
  if (!cutList && kept.length === RECORDED_ITEMS_MAX && replay.length > kept.length)
    marks.push({
      turn: kept.length,
      path: `messages[${kept.length}]`,
      kind: 'truncated',
      detail: `the recorder keeps ${RECORDED_ITEMS_MAX} items of a list: messages from ${kept.length} on were not recorded`,
    });
  else if (!cutList && replay.length > kept.length) {
    const extra = replay[kept.length] as { role?: unknown };
    differences.push({
      turn: kept.length,
      path: `messages[${kept.length}]`,
      recorded: undefined,
      replay: replay[kept.length],
      explanation: `the replay has ${replay.length - kept.length} more message(s) from here (a ${String(extra?.role)} turn first); the recording ends`,
    });
  }
  differences.sort((a, b) => a.turn - b.turn);
  return { marks, differences, count: kept.length };
}

/** Why a turn may differ: the replay's own changes to it, then the likely cause outside it. */
function explain(difference: TrajectoryDifference, annotations: Annotation[], behaviour: Behaviour): string {
  const rules = annotations.filter((a) => a.replayTurn === difference.turn || (a.replayTurn === null && a.turn === difference.turn));
  const changed = rules.length
    ? ` This tool's replay changed the turn: ${rules
        .slice(0, 3)
        .map((a) => `${a.rule} (${a.detail})`)
        .join('; ')}.`
    : '';
  const cause =
    behaviour === 'spec'
      ? ' The "spec" behaviour departs from OpenClaw 2026.9.6 where a named decision applies: compare under "openclaw-2026.9.6" to see what the release does.'
      : ' A gateway on another OpenClaw release than 2026.9.6 compiles history with its own hygiene: that release is the likely cause.';
  return `${difference.explanation}.${changed}${cause}`;
}

async function compareAttempt(
  parsed: ParsedSession,
  attempt: TrajectoryAttempt,
  behaviour: Behaviour,
  options: CompareOptions,
): Promise<AttemptComparison> {
  const base = {
    provider: attempt.provider,
    modelApi: attempt.modelApi,
    modelId: attempt.modelId,
    transcriptLeafId: attempt.compiled?.transcriptLeafId ?? null,
  };
  const empty = { turn: null, recordedCount: null, replayCount: 0, differences: [], marks: [], recorded: undefined, replay: [] };
  const compiled = attempt.compiled;
  if (!compiled) return { ...base, ...empty, verdict: 'no-context', summary: 'this attempt recorded no compiled context' };
  if (compiled.droppedBy || compiled.messages === undefined)
    return {
      ...base,
      ...empty,
      verdict: 'truncated',
      summary: `truncated by the recorder: the messages were not recorded (${compiled.droppedBy ?? 'absent'})`,
    };
  const cut = compiled.transcriptLeafId === null ? { ...parsed, entries: [] } : cutAt(parsed, compiled.transcriptLeafId);
  if (!cut)
    return {
      ...base,
      ...empty,
      recorded: compiled.messages,
      verdict: 'no-context',
      summary: `the session has no entry ${compiled.transcriptLeafId}: the run was recorded on another copy of it`,
    };
  const target = options.targetOf?.(attempt) ?? {
    provider: attempt.provider ?? '',
    api: attempt.modelApi ?? '',
    modelId: attempt.modelId ?? '',
  };
  const context = buildContext(cut);
  const now = compiled.ts && Number.isFinite(Date.parse(compiled.ts)) ? Date.parse(compiled.ts) : Date.now();
  const run = await runCompiledHistory(
    context.messages,
    pipelineInput(context, target, resolvePolicy(target, behaviour), { ...options, now }),
  );
  const replay = plain(run.messages);
  const { marks, differences, count } = compareMessages(compiled.messages, replay, run.origins, run.annotations);
  const explained = differences.map((d) => ({ ...d, explanation: explain(d, run.annotations, behaviour) }));
  const verdict: AttemptVerdict = explained.length ? 'differs' : marks.some((m) => m.kind === 'truncated') ? 'truncated' : 'identical';
  const first = explained[0];
  const redacted = marks.filter((m) => m.kind === 'redacted').length;
  const summary =
    verdict === 'differs'
      ? `differs at turn ${first.turn}: ${first.explanation.split('. ')[0]}`
      : verdict === 'truncated'
        ? `truncated by the recorder: the ${count ?? 0} recorded messages agree up to its cuts (${marks.filter((m) => m.kind === 'truncated').length} cut)`
        : `identical: ${replay.length} messages${redacted ? `, ${redacted} value(s) redacted by the recorder and checked` : ''}`;
  return {
    ...base,
    verdict,
    turn: first?.turn ?? null,
    summary,
    recordedCount: count,
    replayCount: replay.length,
    differences: explained,
    marks,
    recorded: compiled.messages,
    replay,
  };
}

const RANK: Record<AttemptVerdict, number> = { differs: 3, truncated: 2, identical: 1, 'no-context': 0 };

/** Compare every attempt of a run with the replay of the session's branch at its leaf. */
export async function compareRun(parsed: ParsedSession, run: TrajectoryRun, options: CompareOptions = {}): Promise<RunComparison> {
  const behaviour = options.behaviour ?? TRAJECTORY_BEHAVIOUR;
  const attempts: AttemptComparison[] = [];
  for (const attempt of run.attempts) attempts.push(await compareAttempt(parsed, attempt, behaviour, options));
  const compared = attempts.filter((a) => a.verdict !== 'no-context');
  const worst =
    compared.reduce<AttemptComparison | null>((w, a) => (!w || RANK[a.verdict] > RANK[w.verdict] ? a : w), null) ?? attempts.at(-1) ?? null;
  const verdict: AttemptVerdict = worst?.verdict ?? 'no-context';
  const many = attempts.length > 1 && worst ? ` (attempt on ${worst.provider}/${worst.modelId})` : '';
  return { runId: run.runId, behaviour, verdict, summary: worst ? `${worst.summary}${many}` : 'the run recorded no attempt', attempts };
}
