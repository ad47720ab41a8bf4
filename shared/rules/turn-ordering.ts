/** A history that starts with an assistant turn gets a `(session bootstrap)` user turn first. */
import { TEXT } from '../messages.js';
import type { Rule, Turn } from './rule.js';

export const turnOrderingRule: Rule = {
  id: 'turn-ordering',
  title: 'Assistant-first history',
  explanation:
    'Gemini requires the first turn to be a user turn ("Please ensure that multiturn requests alternate between user and model", "First content should be with role \'user\'"), and strict OpenAI-compatible servers (vLLM, Qwen, Gemma templates) reject an assistant-first history. When the history starts with an assistant turn — typically after compaction or a trimmed window — a user turn with the text "(session bootstrap)" is prepended (timestamped with the inspection clock). The Google provider plugin also records a google-turn-ordering-bootstrap entry in the session, once. Bedrock Converse rejects an assistant-first conversation too ("A conversation must start with a user message"), so in the spec behaviour the same bootstrap is applied there (a named decision: OpenClaw 2026.9.6 does not).',
  providers: 'Google APIs (Gemini, Gemini CLI, Antigravity), strict OpenAI-compatible Chat Completions and Bedrock Converse',
  appliesWhen: (policy) => policy.applyGoogleTurnOrdering || policy.requireUserFirstTurn,
  apply(turns, ctx) {
    const first = turns[0]?.message;
    if (!first || first.role !== 'assistant') return [...turns];
    const bootstrap: Turn = ctx.create({ role: 'user', content: TEXT.sessionBootstrap, timestamp: ctx.now });
    // Without Google turn ordering, only the spec's Bedrock decision asks for the bootstrap turn.
    const decision = ctx.policy.applyGoogleTurnOrdering ? undefined : ctx.decisionOf('requireUserFirstTurn');
    ctx.note(bootstrap, 'inserted', 'the history starts with an assistant turn: a "(session bootstrap)" user turn was prepended', {
      after: bootstrap.message,
      decision,
    });
    if (ctx.policy.persistGoogleBootstrapMarker && !ctx.hasGoogleBootstrapMarker)
      ctx.append('google-turn-ordering-bootstrap', { timestamp: ctx.now });
    return [bootstrap, ...turns];
  },
};
