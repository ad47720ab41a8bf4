/**
 * The verdict: would the provider accept the replay for the chosen target, and if not, why and what
 * fixes it. Derived from an inspection summary (preflight of both sides, diagnostics, preview state),
 * problems grouped by check and ordered most severe first.
 */
import type { InspectionSummary, Side, SummaryFinding } from '../../shared/api.js';
import { CHECKS, type CheckId } from '../../shared/preflight/checks.js';
import type { Diagnostic, RuleId } from '../../shared/types.js';
import { diagnosticText, formatCount } from '../format.js';

/** What the verdict says overall. */
export type VerdictState = 'accepted' | 'rejected' | 'partial' | 'not-a-session' | 'unknown';

/** One problem: a provider constraint the payload breaks, in one or more places. */
export interface VerdictProblem {
  side: Side;
  /** The preflight check, or `empty-conversation` / `payload-not-built`. */
  check: string;
  /** What the constraint is, in one sentence. */
  title: string;
  /** Who answers with the error: the provider family of the check. */
  provider: string;
  /** The error the provider returns for it (its first place filled in). */
  typicalError: string;
  /** The hygiene rule that keeps a replay within it (null: none does). */
  rule: RuleId | null;
  ruleTitle: string;
  /** True when that rule changed something in this inspection. */
  ruleFired: boolean;
  /** 0: nothing can be sent; 1: the conversation's structure; 2: one message's content or ids. */
  severity: 0 | 1 | 2;
  /** Indices into the side's findings, in payload order (empty for the synthetic problems). */
  findings: number[];
  /** The first place: its payload position (`input[38]`) and the transcript turn it comes from. */
  position: string | null;
  turn: number | null;
  /** A turn hygiene or the payload builder made (no transcript turn of its own). */
  made: boolean;
}

/** Why a file is not a session, with the line that says it. */
export interface NotASession {
  reason: string;
  /** The first diagnostics, as "line 3, column 1: …". */
  details: string[];
  line: number | null;
}

/** Everything the verdict panel shows. */
export interface Verdict {
  state: VerdictState;
  headline: string;
  detail: string;
  /** The replay's problems, most severe first (what the provider would answer). */
  problems: VerdictProblem[];
  /** The session's problems as recorded that the replay no longer has. */
  fixed: VerdictProblem[];
  notASession: NotASession | null;
  /** Error diagnostics of the file (lines the replay leaves out). */
  damagedLines: number;
}

/** Rules whose checks are about the conversation's structure: a request breaking them fails as a whole. */
const STRUCTURE_RULES = new Set<string>(['tool-result-pairing', 'turn-ordering', 'turn-validation', 'prefill-strip', 'replay-invariant']);

const plural = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;

function checkTitle(check: string, fallback: string): string {
  return (CHECKS as Record<string, { title: string } | undefined>)[check as CheckId]?.title ?? fallback;
}

/** The payload position of a finding in the provider's own words (`contents[5]`), else its path. */
function positionOf(finding: SummaryFinding, key: string | undefined): string | null {
  if (finding.messageIndex === null) return finding.path || null;
  return `${key ?? 'messages'}[${finding.messageIndex}]`;
}

/** One side's findings grouped by check, each group a problem. */
function groupProblems(summary: InspectionSummary, side: Side): VerdictProblem[] {
  const findings = summary.preflight[side];
  const rules = new Map(summary.rules.map((r) => [r.rule, r]));
  const byCheck = new Map<string, VerdictProblem>();
  findings.forEach((finding, index) => {
    const existing = byCheck.get(finding.check);
    if (existing) {
      existing.findings.push(index);
      return;
    }
    const rule = rules.get(finding.rule);
    byCheck.set(finding.check, {
      side,
      check: finding.check,
      title: checkTitle(finding.check, finding.explanation),
      provider: finding.provider,
      typicalError: finding.typicalError,
      rule: finding.rule,
      ruleTitle: rule?.title ?? finding.rule,
      ruleFired: (rule?.count ?? 0) > 0,
      severity: STRUCTURE_RULES.has(finding.rule) ? 1 : 2,
      findings: [index],
      position: positionOf(finding, summary[side].payloadKey),
      turn: finding.turn ?? null,
      made: finding.messageIndex !== null && finding.turn === null,
    });
  });
  return [...byCheck.values()];
}

/** The problems that stop a side's request before any check: no payload, or an empty conversation. */
function blockingProblem(summary: InspectionSummary, side: Side): VerdictProblem | null {
  const s = summary[side];
  const base = {
    side,
    provider: summary.target.provider,
    rule: null,
    ruleTitle: '',
    ruleFired: false,
    severity: 0 as const,
    findings: [],
    turn: null,
    made: false,
  };
  if (s.payloadError)
    return {
      ...base,
      check: 'payload-not-built',
      title: 'The request could not be built for this target.',
      typicalError: s.payloadError,
      position: null,
    };
  if (s.turnCount === 0)
    return {
      ...base,
      check: 'empty-conversation',
      title: side === 'replay' ? 'Nothing is left to send: the replay has no message.' : 'The session has no message to send.',
      typicalError: 'messages: at least one message is required',
      position: s.payloadKey ? `${s.payloadKey}[]` : null,
    };
  return null;
}

/** Most severe first, then the one the provider meets first in the payload. */
function bySeverity(a: VerdictProblem, b: VerdictProblem): number {
  const first = (p: VerdictProblem) => (p.findings.length ? p.findings[0] : -1);
  return a.severity - b.severity || first(a) - first(b);
}

function problemsOf(summary: InspectionSummary, side: Side): VerdictProblem[] {
  const blocking = blockingProblem(summary, side);
  return [...(blocking ? [blocking] : []), ...groupProblems(summary, side)].sort(bySeverity);
}

/** Why a file with no message and errors is not a session. */
export function notASession(diagnostics: readonly Diagnostic[], turnCount: number): NotASession | null {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (turnCount > 0 || errors.length === 0) return null;
  const codes = new Set(errors.map((d) => d.code));
  const unreadable = errors.some((d) => d.code === 'binary-data' || /not valid UTF-8/.test(d.message));
  const reason = codes.has('empty')
    ? 'The file is empty: there is no session in it.'
    : unreadable
      ? 'The file holds binary data, not lines of JSON text (an image or an archive with a session’s name?).'
      : [...codes].every((c) => !c.startsWith('json-'))
        ? 'The file is JSON, but none of its lines is a session entry or a message.'
        : 'None of the file’s lines could be read as a session entry.';
  return { reason, details: errors.slice(0, 3).map(diagnosticText), line: errors[0]?.line ?? null };
}

/** The verdict of an inspection; `diagnostics` are the file's (the summary's when not given). */
export function verdictOf(summary: InspectionSummary, diagnostics: readonly Diagnostic[] = summary.diagnostics): Verdict {
  const target = `${summary.target.provider} / ${summary.target.modelId}`;
  const damagedLines = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.line)).size;
  const base = { damagedLines, notASession: null, fixed: [] as VerdictProblem[] };
  const notSession = summary.preview ? null : notASession(diagnostics, summary.original.turnCount);
  if (notSession)
    return {
      ...base,
      state: 'not-a-session',
      headline: 'Not a session',
      detail: 'Nothing in this file can be replayed, so no provider can be asked about it.',
      problems: [],
      notASession: notSession,
    };
  const problems = problemsOf(summary, 'replay');
  const replayChecks = new Set(problems.map((p) => p.check));
  const fixed = problemsOf(summary, 'original').filter((p) => !replayChecks.has(p.check));
  const places = problems.reduce((n, p) => n + Math.max(1, p.findings.length), 0);
  const preview = summary.preview;
  const read = preview ? `the first ${plural(preview.turns, 'turn')} of ${formatCount(preview.totalTurns)}` : '';
  if (problems.some((p) => p.check === 'payload-not-built'))
    return {
      ...base,
      fixed,
      state: 'unknown',
      headline: 'Cannot tell',
      detail: `The replay's request for ${target} could not be built, so it was not checked.`,
      problems,
    };
  if (problems.length > 0)
    return {
      ...base,
      fixed,
      state: 'rejected',
      headline: `Would be rejected — ${plural(problems.length, 'problem')}${preview ? ' so far' : ''}`,
      detail: `${target} would refuse the replay${places > problems.length ? ` (${plural(places, 'place')})` : ''}${
        preview ? `: found in ${read}, the rest is being read` : ''
      }.`,
      problems,
    };
  if (preview)
    return {
      ...base,
      fixed,
      state: 'partial',
      headline: 'Not known yet',
      detail: `Preview: ${read} are read and show no problem for ${target}. The verdict comes with the whole session.`,
      problems,
    };
  return {
    ...base,
    fixed,
    state: 'accepted',
    headline: 'Accepted',
    detail: `The replay passes every check known for ${target}.`,
    problems,
  };
}
