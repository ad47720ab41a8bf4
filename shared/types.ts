/** The engine's data model: transcript messages, targets, policies, annotations and diagnostics. */

/** Any JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * A content block as stored in a transcript.
 *
 * Session files are untrusted input: a block may carry any fields, so rules read them through the
 * guards in `shared/messages.ts` instead of trusting a declared shape.
 */
export interface Block {
  type?: unknown;
  [key: string]: unknown;
}

/**
 * One transcript message (pi AgentMessage): `user`, `assistant`, `toolResult`, or a custom role
 * (`compactionSummary`, `branchSummary`, `custom`, `bashExecution`). Fields beyond `role` are untrusted.
 */
export interface Message {
  role: string;
  content?: unknown;
  timestamp?: unknown;
  [key: string]: unknown;
}

/** The provider/API/model a transcript is replayed to. */
export interface Target {
  provider: string;
  api: string;
  modelId: string;
  /** The model's `reasoning` flag (pi-ai catalogue or custom model). */
  reasoning?: boolean;
  /** pi-ai `model.params.canonicalModelId`, when the model id is an alias. */
  canonicalModelId?: string;
  /** pi-ai `model.compat` facts that change the policy. */
  compat?: { supportsReasoningEffort?: boolean };
}

/**
 * Which hygiene to reproduce: `spec` (the default) follows the specification, which departs from the
 * release only in its named decisions; `openclaw-2026.9.6` reproduces that release exactly.
 */
export type Behaviour = 'spec' | 'openclaw-2026.9.6';

/** The named decisions where the spec departs from OpenClaw 2026.9.6 (see `shared/policy/decisions.ts`). */
export type DecisionId =
  | 'mistral-strict9'
  | 'codex-responses-family'
  | 'orphan-reasoning'
  | 'antigravity-claude-thinking'
  | 'bedrock-empty-error-turn'
  | 'bedrock-user-first';

export type SanitizeMode = 'full' | 'images-only';
export type ToolCallIdMode = 'strict' | 'strict9';

/** The resolved replay policy as plain values (what rules read). */
export interface PolicyValues {
  /** Informational, as OpenClaw resolves it: no rule reads it (blank text and emptied turns are cleaned in both modes). */
  sanitizeMode: SanitizeMode;
  /** Rewrite tool-call/result ids to what the provider accepts. */
  sanitizeToolCallIds: boolean;
  toolCallIdMode: ToolCallIdMode | null;
  /** Keep native Anthropic `toolu_…` ids untouched on their first occurrence. */
  preserveNativeAnthropicToolUseIds: boolean;
  /** Move, synthesise and drop tool results so every call has exactly one result. */
  repairToolUseResultPairing: boolean;
  /** Keep thinking/thought signatures (signed-thinking providers). */
  preserveSignatures: boolean;
  /** Gemini thought-signature cleanup options, or null for the default `msg_*` strip. */
  sanitizeThoughtSignatures: { allowBase64Only: boolean; includeCamelCase: boolean } | null;
  /** Strip thinking from every assistant except the latest. */
  dropThinkingBlocks: boolean;
  /** Strip thinking from every assistant turn, the latest included (GitHub Copilot's own replay sanitising). */
  dropAllThinkingBlocks: boolean;
  /** Strip historic reasoning except the current tool continuation (Chat Completions). */
  dropReasoningFromHistory: boolean;
  /** Prepend `(session bootstrap)` when the history starts with an assistant. */
  applyGoogleTurnOrdering: boolean;
  /** Merge consecutive assistant turns. */
  validateGeminiTurns: boolean;
  /** Merge assistants, strip dangling tool uses, merge consecutive users. */
  validateAnthropicTurns: boolean;
  /** Informational: the provider family accepts synthetic tool results. */
  allowSyntheticToolResults: boolean;
  /** Prefix-binding Claude models: consecutive user turns are not merged on anthropic-messages. */
  appendOnlyRuntimeContext: boolean;
  /** Antigravity Claude: normalise thinking signatures and drop unsigned thinking (a spec decision). */
  normalizeAntigravityThinkingBlocks: boolean;
  /** The OpenAI Responses family: id normalisation, `call|fc` downgrade, `aborted` results. */
  isResponsesFamily: boolean;
  /** A reasoning item (`rs_…`) with nothing after it in its turn is dropped (a spec decision). */
  dropOrphanReasoning: boolean;
  /** Missing/blank thinking signatures are stripped (signed-thinking provider or preserveSignatures). */
  stripInvalidThinkingSignatures: boolean;
  /** Signed thinking + tool-call turns are immutable: kept byte for byte or dropped whole. */
  allowProviderOwnedThinkingReplay: boolean;
  /** Bedrock Converse: empty error turns are replayed with a placeholder (a spec decision). */
  replayEmptyErrorTurnsWithPlaceholder: boolean;
  /** The Google plugin also records a `google-turn-ordering-bootstrap` custom entry. */
  persistGoogleBootstrapMarker: boolean;
  /** Trailing assistant prefill is stripped from the outgoing payload when thinking is on. */
  stripPayloadPrefillWhenThinking: boolean;
  /** The provider rejects a conversation that does not start with a user message (Bedrock Converse). */
  requireUserFirstTurn: boolean;
  /** Consecutive user messages in the wire payload are merged (Bedrock Converse requires alternation). */
  mergePayloadUserMessages: boolean;
}

export type PolicyFlag = keyof PolicyValues;

/** One resolved policy flag with the reason it has this value. */
export interface PolicySetting<V> {
  value: V;
  reason: string;
  /** The spec decision that set this value, when one did (spec behaviour only). */
  decision?: DecisionId;
}

/** The flags a spec decision set, each with the decision's id. */
export type PolicyDecisions = { [K in PolicyFlag]?: DecisionId };

/** The resolved policy: every flag carries its value and the reason for it. */
export type Policy = { [K in PolicyFlag]: PolicySetting<PolicyValues[K]> };

/** Ids of the hygiene rules (docs/rules.md#the-rules). */
export type RuleId =
  | 'runtime-context'
  | 'inter-session-provenance'
  | 'assistant-normalize'
  | 'length-reasoning-only'
  | 'empty-error-turn'
  | 'images'
  | 'blank-text'
  | 'thought-signature'
  | 'thinking-signature-compaction'
  | 'thinking-signature-invalid'
  | 'reasoning-history'
  | 'thinking-drop'
  | 'tool-call-input'
  | 'tool-result-pairing'
  | 'openai-reasoning'
  | 'responses-tool-call-id'
  | 'tool-call-id'
  | 'tool-result-details'
  | 'usage'
  | 'turn-ordering'
  | 'turn-validation'
  | 'prefill-strip'
  | 'replay-invariant'
  | 'heartbeat-filter'
  | 'summary-conversion';

export type AnnotationAction = 'dropped' | 'rewritten' | 'inserted' | 'merged' | 'moved' | 'marked';

/**
 * One change made by the replay pipeline.
 *
 * `turn` is the index in `original.messages` (null for a turn the pipeline created); `replayTurn` is
 * the index in `replay.messages` where the result ended up (null when the turn was dropped).
 * `before`/`after` hold the smallest changed unit (a block, a field or a message), with very long
 * strings elided.
 */
export interface Annotation {
  rule: RuleId;
  turn: number | null;
  replayTurn: number | null;
  action: AnnotationAction;
  before?: JsonValue;
  after?: JsonValue;
  detail: string;
  /** Where in the turn: `content[2]`, `toolCallId`, `usage`… */
  path?: string;
  /** The spec decision that made this change (absent in the `openclaw-2026.9.6` behaviour). */
  decision?: DecisionId;
}

export type Severity = 'error' | 'warning' | 'info';

/** A problem found in the input file, located by line (1-based) and column (1-based, 0 when unknown). */
export interface Diagnostic {
  line: number;
  column: number;
  severity: Severity;
  message: string;
  /** A stable machine-readable code: `json-truncated`, `missing-header`, `dangling-parent`… */
  code: string;
}

/** A tool name allowlist and clock for synthetic turns. */
export interface InspectOptions {
  /** Clock for synthetic turns (ms since epoch). Defaults to the current time. */
  now?: number;
  /** Tool names the agent has; calls to other tools are dropped. */
  allowedToolNames?: string[];
  /** Longest image side in pixels (OpenClaw `agents.defaults.imageMaxDimensionPx`, default 1200). */
  imageMaxDimensionPx?: number;
  /** `spec` (default) or `openclaw-2026.9.6`: reproduce the release exactly, without the spec's decisions. */
  behaviour?: Behaviour;
}
