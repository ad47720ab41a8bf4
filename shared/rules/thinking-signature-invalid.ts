/** Thinking blocks with a missing, empty or blank signature are removed (signed-thinking providers). */
import { isRecord, isThinkingLike, TEXT } from '../messages.js';
import type { DecisionId, Message } from '../types.js';
import type { Rule, RuleContext, Turn } from './rule.js';
import { TRAIT } from './traits.js';
import {
  hasReplayableSignature,
  isAssistantWithContent,
  latestAssistantIndex,
  reasoningOmitted,
  shouldPreserveLatestAssistantThinking,
} from './thinking-common.js';

/** A spec decision: Antigravity Claude keeps signatures under `thinkingSignature` only. */
function normalizeAntigravitySignature(block: Record<string, unknown>): Record<string, unknown> {
  if (typeof block.thinkingSignature === 'string' && block.thinkingSignature.trim()) return block;
  const candidate = [block.signature, block.thought_signature, block.thoughtSignature].find((v) => typeof v === 'string' && v.trim());
  if (candidate === undefined) return block;
  const copy: Record<string, unknown> = { ...block, thinkingSignature: candidate };
  delete copy.signature;
  delete copy.thought_signature;
  delete copy.thoughtSignature;
  return copy;
}

/**
 * Whether a block is left as it is: not thinking, or thinking with a replayable signature (and, for
 * Antigravity Claude, already under thinkingSignature).
 */
function keptAsIs(block: unknown, antigravity: boolean): boolean {
  if (!isThinkingLike(block)) return true;
  if (antigravity && isRecord(block) && normalizeAntigravitySignature(block) !== block) return false;
  return hasReplayableSignature(block);
}

/** The turn without its unsigned thinking blocks (the turn itself when it has none). */
function withoutUnsigned(turn: Turn, ctx: RuleContext, antigravity: boolean, decision: DecisionId | undefined): Turn {
  const m = turn.message;
  const content = m.content as unknown[];
  // Read before anything is built: a turn whose blocks all stay is left alone.
  if (content.every((block) => keptAsIs(block, antigravity))) return turn;
  const next: unknown[] = [];
  content.forEach((block, i) => {
    let b = block;
    if (antigravity && isThinkingLike(b) && isRecord(b)) {
      const normalized = normalizeAntigravitySignature(b);
      if (normalized !== b) {
        ctx.note(turn, 'rewritten', 'Antigravity Claude: signature moved to thinkingSignature', {
          before: b,
          after: normalized,
          path: `content[${i}]`,
          decision,
        });
        b = normalized;
      }
    }
    if (!isThinkingLike(b) || hasReplayableSignature(b)) {
      next.push(b);
      return;
    }
    ctx.note(
      turn,
      'rewritten',
      'thinking block without a replayable signature removed (the provider rejects unsigned or blank-signed thinking)',
      {
        before: b,
        path: `content[${i}]`,
        decision,
      },
    );
  });
  const emptied = next.length === 0;
  if (emptied)
    ctx.note(turn, 'inserted', `turn emptied: "${TEXT.reasoningOmitted}" keeps its place`, {
      after: reasoningOmitted()[0],
      path: 'content[0]',
      decision,
    });
  return ctx.with(turn, { ...m, content: emptied ? reasoningOmitted() : next } as Message);
}

export const thinkingSignatureInvalidRule: Rule = {
  id: 'thinking-signature-invalid',
  title: 'Missing or blank thinking signatures',
  explanation:
    'Anthropic and Bedrock verify the signature of every replayed thinking block and reject one whose signature is missing or blank. Such blocks are removed from every assistant turn except the latest one while the conversation still ends with it (the provider rejects an edited latest turn); a turn left with nothing gets "[assistant reasoning omitted]". Only the presence of a signature is checked: the provider judges whether it is valid. In the spec behaviour only, Claude behind Antigravity gets the same treatment, in the latest turn too (OpenClaw 2026.9.6 has no rule for it).',
  providers: 'Anthropic, Bedrock, Anthropic Vertex, signature-preserving policies, Antigravity Claude',
  appliesWhen: (policy) => policy.stripInvalidThinkingSignatures || policy.preserveSignatures,
  apply(turns, ctx) {
    // Only thinking blocks are looked at: a run without any has nothing to change.
    if (!ctx.mayHave(TRAIT.thinking)) return turns;
    const messages = turns.map((t) => t.message);
    const antigravity = ctx.policy.normalizeAntigravityThinkingBlocks;
    const decision = antigravity ? ctx.decisionOf('normalizeAntigravityThinkingBlocks') : undefined;
    // The exemption keeps signed blocks intact; Antigravity Claude drops unsigned ones in the latest turn too.
    const preserveIndex = !antigravity && shouldPreserveLatestAssistantThinking(messages) ? latestAssistantIndex(messages) : -1;
    // The turns copied at the first one that changes: most sessions' thinking is all signed.
    let out: Turn[] | null = null;
    for (let index = 0; index < turns.length; index += 1) {
      const turn = turns[index];
      if (!(turn.traits & TRAIT.thinking) || !isAssistantWithContent(turn.message) || index === preserveIndex) continue;
      const next = withoutUnsigned(turn, ctx, antigravity, decision);
      if (next === turn) continue;
      out ??= turns.slice();
      out[index] = next;
    }
    return out ?? turns;
  },
};
