/** Thinking blocks with a missing, empty or blank signature are removed (signed-thinking providers). */
import { isRecord, isThinkingLike, TEXT } from '../messages.js';
import type { Message } from '../types.js';
import type { Rule, Turn } from './rule.js';
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
    return turns.map((turn, index): Turn => {
      const m = turn.message;
      if (!(turn.traits & TRAIT.thinking) || !isAssistantWithContent(m) || index === preserveIndex) return turn;
      let changed = false;
      const next: unknown[] = [];
      (m.content as unknown[]).forEach((block, i) => {
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
            changed = true;
            b = normalized;
          }
        }
        if (!isThinkingLike(b) || hasReplayableSignature(b)) {
          next.push(b);
          return;
        }
        changed = true;
        ctx.note(
          turn,
          'rewritten',
          'thinking block without a replayable signature removed (the provider rejects unsigned or blank-signed thinking)',
          { before: b, path: `content[${i}]`, decision },
        );
      });
      if (!changed) return turn;
      const emptied = next.length === 0;
      if (emptied)
        ctx.note(turn, 'inserted', `turn emptied: "${TEXT.reasoningOmitted}" keeps its place`, {
          after: reasoningOmitted()[0],
          path: 'content[0]',
          decision,
        });
      return ctx.with(turn, { ...m, content: emptied ? reasoningOmitted() : next } as Message);
    });
  },
};
