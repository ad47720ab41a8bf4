// Types of compare.mjs, for the TypeScript tests that read the oracle corpora.
import type { Inspection } from '../../../shared/inspection.js';
import type { Behaviour, DecisionId, Message, Target } from '../../../shared/types.js';
import type { ImageCodec } from '../../../shared/images/codec.js';
import type { ManifestTarget } from './targets.mjs';

export const FROZEN_NOW: number;
export const BEHAVIOURS: Behaviour[];

export interface CorpusCase {
  corpus: string;
  name: string;
  description?: string;
  input: string;
  options: { allowedToolNames?: string[]; model?: ManifestTarget['options']; load?: string };
  record: {
    openclaw: string;
    sha256: string;
    messages: Message[];
    outputs: ({ targets: string[]; outgoing: number[] } | { targets: string[]; error: string })[];
  } | null;
}
export interface Expected {
  outgoing?: Message[];
  error?: string;
}
export interface PairResult {
  status: 'identical' | 'equivalent' | 'decision' | 'different' | 'oracle-error' | 'ours-failed';
  lines: string[];
  explained: { text: string; decision: DecisionId }[];
  decisions: DecisionId[];
  note: string;
  flagged?: boolean;
}
export function loadCorpus(
  oracleRoot: string,
  corpus: string,
): { corpus: string; dir: string; providers: Record<string, ManifestTarget>; cases: CorpusCase[] };
export function expectedByTarget(record: NonNullable<CorpusCase['record']>): Map<string, Expected>;
export function fileSha256(file: string): string;
export function comparePair(args: {
  inspect: (input: { file: string }, target: Target, options: object) => Promise<Inspection>;
  kase: CorpusCase;
  target: ManifestTarget;
  expected: Expected;
  behaviour: Behaviour;
  decisionsOf: (inspection: Inspection) => DecisionId[];
  explains: (id: DecisionId, line: string) => boolean;
  codec?: ImageCodec | null;
}): Promise<PairResult>;
export function canon(v: unknown): string;
export function digestImagesDeep<T>(v: T): T;
export function diffMessages(ours: unknown, oracle: unknown): { text: string; imageOnly: boolean }[];
export function summary(m: unknown): string;
