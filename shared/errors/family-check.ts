/**
 * Whose error it is: an error worded by another provider family than the target's cannot be
 * checked against the target's payload, so the answer says so and offers a target of that family
 * (one the session itself used, else one from the catalogue).
 */
import type { ErrorEvidence, Inspection } from '../inspection.js';
import { CHECKS, type CheckId, type CheckProvider } from '../preflight/checks.js';
import { payloadFamily, type PayloadFamily } from '../preflight/family.js';
import type { Target } from '../types.js';
import type { ErrorEnvelope } from './envelope.js';
import type { ExplainFacts } from './facts.js';

const CHECK_FAMILY: Record<CheckProvider, PayloadFamily> = {
  anthropic: 'anthropic',
  'amazon-bedrock': 'bedrock',
  google: 'gemini',
  openai: 'openai-responses',
  'openai-compatible': 'openai-completions',
  mistral: 'mistral',
};

/** Families whose wording no other API uses (OpenAI-compatible wording is everybody's). */
const DISTINCT: ReadonlySet<PayloadFamily> = new Set(['anthropic', 'gemini', 'bedrock', 'openai-responses']);

/** Providers that route one API to models of every family: their errors may be any family's. */
const ROUTERS: ReadonlySet<string> = new Set([
  'openrouter',
  'vercel-ai-gateway',
  'github-copilot',
  'litellm',
  'opencode',
  'kilo',
  'requesty',
  'zenmux',
]);

const FAMILY_NAMES: Record<PayloadFamily, string> = {
  anthropic: 'Anthropic Messages',
  bedrock: 'Bedrock Converse',
  gemini: 'Gemini',
  'openai-responses': 'OpenAI Responses',
  'openai-completions': 'OpenAI Chat Completions',
  mistral: 'Mistral',
};

/** The family an answer's wording belongs to, when it is distinctive. */
export function errorFamily(check: CheckId | undefined, envelope: ErrorEnvelope): PayloadFamily | null {
  const family = check ? CHECK_FAMILY[CHECKS[check].provider] : envelope.family;
  return family && DISTINCT.has(family) ? family : null;
}

function compatible(a: PayloadFamily, b: PayloadFamily): boolean {
  if (a === b) return true;
  // Bedrock relays Anthropic's own messages for Claude models.
  return (a === 'anthropic' && b === 'bedrock') || (a === 'bedrock' && b === 'anthropic');
}

/** The target a recorded turn was sent to, when it records one. */
export function turnTarget(inspection: Inspection, turn: number): Target | null {
  const m = inspection.original.messages[turn];
  if (!m || typeof m.provider !== 'string' || typeof m.api !== 'string' || typeof m.model !== 'string') return null;
  return { provider: m.provider, api: m.api, modelId: m.model };
}

function sessionTargetOf(inspection: Inspection, family: PayloadFamily): Target | null {
  for (let i = inspection.original.messages.length - 1; i >= 0; i--) {
    const t = turnTarget(inspection, i);
    if (t && payloadFamily(t.api) === family) return t;
  }
  return null;
}

function sameTarget(a: Target, b: Target): boolean {
  return a.provider === b.provider && a.api === b.api && a.modelId === b.modelId;
}

/** Compare the error's family with the target (or, for a recorded error, the api its turn was sent to). */
export function checkFamily(
  family: PayloadFamily | null,
  inspection: Inspection,
  envelope: ErrorEnvelope,
  facts: ExplainFacts,
): { evidence: ErrorEvidence[]; switchTarget?: Target; confidenceDelta: number } {
  const target = inspection.target;
  const recorded = facts.turn === undefined ? null : turnTarget(inspection, facts.turn);
  if (recorded && !sameTarget(recorded, target) && (family === null || compatible(family, payloadFamily(recorded.api) ?? family))) {
    return {
      evidence: [
        {
          fact: `Turn #${facts.turn} was sent to ${recorded.provider}/${recorded.modelId} (${recorded.api}); this inspection targets ${target.provider}/${target.modelId}.`,
          confirmed: null,
        },
      ],
      switchTarget: recorded,
      confidenceDelta: 0,
    };
  }
  const targetFamily = payloadFamily(recorded?.api ?? target.api);
  if (!family || !targetFamily || compatible(family, targetFamily)) return { evidence: [], confidenceDelta: 0 };
  if (ROUTERS.has(target.provider) || (envelope.gateway && envelope.gateway !== 'nginx')) {
    return {
      evidence: [
        {
          fact: `The error is worded as ${FAMILY_NAMES[family]}; ${target.provider} relays several providers, so that is expected.`,
          confirmed: null,
        },
      ],
      confidenceDelta: 0,
    };
  }
  const offer = sessionTargetOf(inspection, family) ?? facts.familyTargets?.[family] ?? undefined;
  return {
    evidence: [
      {
        fact: `The error is worded as ${FAMILY_NAMES[family]}, but the target builds ${FAMILY_NAMES[targetFamily]} payloads: it was raised for another target${offer ? ` (switch to ${offer.provider}/${offer.modelId} to check it)` : ''}.`,
        confirmed: false,
      },
    ],
    ...(offer ? { switchTarget: offer } : {}),
    confidenceDelta: -0.05,
  };
}
