/** What an answer says in words: what the error means and what to do, for each category and check. */
import type { ErrorCategory } from '../inspection.js';
import { CHECKS, type CheckId } from '../preflight/checks.js';
import type { Capability } from './category-patterns.js';
import type { ReportedTokens } from './classify.js';

const CAPABILITY_WORDS: Record<Capability, { what: string; fix: string }> = {
  tools: { what: 'tool calling', fix: 'choose a model (or provider route) with tool support, or send the request without tools' },
  thinking: { what: 'thinking / reasoning', fix: 'turn thinking off for this model, or choose a reasoning model' },
  images: { what: 'image input', fix: 'choose a model with image input, or remove the images from the request' },
  parameter: { what: 'a request parameter', fix: 'drop or change the parameter the model refuses (temperature, reasoning effort, …)' },
  endpoint: {
    what: 'the API or endpoint the request used',
    fix: 'call the model through the API it serves (chat completions, the Responses API, without streaming), or choose a model served on this one',
  },
};

function count(n: number | null): string {
  return n === null ? '?' : n.toLocaleString('en-US');
}

/** The meaning of an answer of a category other than transcript. */
export function categoryExplanation(
  category: ErrorCategory,
  details: { capability?: Capability; tokens?: ReportedTokens; overload?: boolean } = {},
): string {
  switch (category) {
    case 'context-length': {
      const t = details.tokens;
      const numbers =
        t && t.limit !== null
          ? ` (${t.requested === null ? 'the model allows' : `${count(t.requested)} tokens requested,`} ${count(t.limit)} allowed)`
          : '';
      return `The request is longer than the model's context window${numbers}.`;
    }
    case 'auth':
      return 'The provider refused the credentials, or the account (IAM role, project) may not use this model.';
    case 'billing':
      return 'The account is out of credit or over a spending limit (balance, budget, key or plan limit).';
    case 'rate-limit':
      return details.overload
        ? 'The provider is overloaded: a capacity problem on its side, not a limit of your account. It is filed with rate limits because the remedy is the same: wait and retry.'
        : 'The provider is throttling: a rate limit or a per-minute or per-day quota of the account (or the model is overloaded).';
    case 'model-capability':
      return `The model does not support ${details.capability ? CAPABILITY_WORDS[details.capability].what : 'a feature the request uses'}.`;
    case 'server':
      return 'The provider, or a gateway or proxy in front of it, failed while handling the request.';
    case 'request':
      return 'The request is malformed outside the conversation: a parameter, a tool definition or the model id.';
    case 'unknown':
    case 'transcript':
      return 'This text does not match any provider error the explainer knows.';
  }
}

/** What to do about an answer of a category other than transcript. */
export function categoryAction(category: ErrorCategory, details: { capability?: Capability; overload?: boolean } = {}): string {
  switch (category) {
    case 'context-length':
      return 'Hygiene cannot fix this. Compact the session (or continue from a summary), drop large tool outputs or images, lower the maximum output tokens, or choose a model with a larger context window.';
    case 'auth':
      return "Hygiene cannot fix this. Fix the credentials: the API key or token (set, not expired, for this provider and region) and the access to this model (Bedrock: model access and the bedrock:InvokeModel* permissions of the role; Google: the API enabled in the project; any provider: the model's terms accepted or the organisation verified where it asks).";
    case 'billing':
      return 'Hygiene cannot fix this. Top up the balance (or link a billing account, or settle an overdue bill), or raise the budget, key or plan limit; with OpenRouter, a lower max_tokens also lowers the credit it reserves.';
    case 'rate-limit':
      return details.overload
        ? "Hygiene cannot fix this. Retry later with backoff (an overload usually passes within minutes); if it persists, check the provider's status page or choose another model or region."
        : 'Hygiene cannot fix this. Retry later with backoff, send fewer or smaller requests (a single request over a per-minute token limit must be made smaller), or raise the rate limit.';
    case 'model-capability':
      return `Hygiene cannot fix this: ${details.capability ? CAPABILITY_WORDS[details.capability].fix : 'choose a model that supports the feature, or stop using it'}.`;
    case 'server':
      return 'Hygiene cannot fix this. Retry later; if it persists, check the provider status page and any gateway or proxy between the client and the provider.';
    case 'request':
      return 'Hygiene cannot fix this. Fix the request in the client or gateway configuration: the parameter, tool schema or model id the error names.';
    case 'unknown':
    case 'transcript':
      return 'Paste the whole error (status line and body). If it is a provider error the explainer should know, add a pattern for it (see the README).';
  }
}

/** The meaning of a transcript answer. */
export function transcriptExplanation(check: CheckId, source: string | undefined): string {
  const info = CHECKS[check];
  return `${source ?? info.provider}: ${info.title}`;
}

/** What to do about a transcript answer, given what preflight found in the two payloads. */
export function transcriptAction(check: CheckId, preflight: { original: boolean; replay: boolean } | null, target: string | null): string {
  const rule = CHECKS[check].rule;
  const base = `Hygiene fixes this: the \`${rule}\` rule keeps a replay within this constraint.`;
  if (!preflight) return `${base} Open the session to see the turns it changes.`;
  if (preflight.replay)
    return `${base} Preflight still finds it in the replay for ${target}: see the replay findings, or repair the file on disk.`;
  if (preflight.original) return `${base} Send the replay: preflight finds it in the original payload for ${target} and not in the replay.`;
  return `${base} Preflight does not find it in this session's payloads for ${target}: the failing request may have been built for another target or from another branch.`;
}
