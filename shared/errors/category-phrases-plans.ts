/**
 * Phrase families of plans, quotas and feature combinations: a plan's usage that is paid for or
 * billing that is off (billing), a plan window or quota that comes back (rate-limit), and a model or
 * API version that refuses a setting or a mix of features (model-capability). English, on the
 * normalised text, case-insensitive.
 */
import { family, type CategoryPattern } from './category-pattern.js';

/** Phrase families of plan usage and of feature combinations. */
export const PHRASES_PLANS: readonly CategoryPattern[] = [
  // Usage bought on top of a plan (Claude's extra usage, Copilot's paid premium requests, on-demand
  // or usage-based spending): once it is gone, only paying for more brings it back.
  family(
    'billing',
    0.94,
    'the paid usage on top of the plan is used up or must be bought',
    '(?:out of|no(?: more)?|used(?: up)?(?: all)?(?: of)?(?: your)?|exhausted(?: your)?|draw(?:s|n)? from(?: your)?|claim(?: your)?|add more) extra usage|extra usage (?:is |has been |was )?(?:exhausted|used up|depleted|disabled|off|not enabled|required)|(?:enable|turn on|buy|purchase|add) (?:additional |more )?(?:paid )?(?:premium requests|extra usage|overages?|usage-based (?:pricing|billing|spending)|on-demand usage)|(?:used (?:all|up)(?: (?:of )?your)?|exceeded(?: your| the)?|out of|no(?: more)?) (?:monthly )?premium requests?(?! per)|premium requests? (?:allowance|quota|budget|limit) (?:is |has been )?(?:exceeded|exhausted|used up|reached)',
  ),
  // A plan's window (Claude's five-hour and weekly limits, Gemini Code Assist's quota, Copilot's
  // monthly allowance) that says it comes back: waiting, or a bigger plan, is the remedy.
  family(
    'rate-limit',
    0.96,
    'a plan limit that comes back at a time it names',
    '\\b(?:\\d+[- ]hours?|session|daily|weekly|monthly|opus|sonnet) limit (?:reached|hit|exceeded)\\W{0,6}(?:it )?resets?\\b|\\blimit\\b.{0,60}\\bresets? (?:at |in |on |after )?(?:\\d|mon|tue|wed|thu|fri|sat|sun|tomorrow|midnight|noon)|(?:quota|limits?|usage|allowance|access) (?:will )?(?:resets?|be reset|renews?|be renewed|refresh(?:es)?) (?:after|once|when)\\b|wait for (?:your |the )?(?:\\w+ )?(?:allowance|quota|limit|usage) to (?:renew|reset|refresh)|usage limit reached\\|\\d{9,}|exceeded (?:your |the )?(?:\\w+ )?token usage',
  ),
  // "Quota exceeded" with nothing else is a provider's per-minute or per-day allowance (Google, Azure):
  // below every wording that names a bill.
  family('rate-limit', 0.7, 'a quota is used up', '\\bquota (?:has been |was |is )?(?:exceeded|reached)\\b'),
  // A billing account that is closed or billing never enabled: outranks the project or region it is worded with.
  family(
    'billing',
    0.93,
    'billing is disabled or must be enabled',
    'billing account\\b.{0,60}\\b(?:is |has been )?(?:disabled|closed|inactive|suspended|not active)|enable billing (?:on|for) (?:your |the |this )?(?:project|account)|billing (?:is )?(?:not enabled|disabled) (?:on|for)',
  ),
  // A feature that a model or API version does not take, alone or together with another one
  // (Gemini: "Function calling mode `ANY` is not enabled for api version v1beta").
  family(
    'model-capability',
    0.9,
    'the model or API version does not take this feature or this mix of features',
    "(?:is|are) not (?:enabled|supported|available) (?:for|in|on) (?:the |this )?api (?:version|v\\d)|(?:is|are) (?:not supported|unsupported) in combination with|cannot be (?:combined|used together|used in combination) with|(?:is|are) mutually exclusive|cannot both be (?:specified|set|used|provided|enabled)|response_format(?: type)? is (?:unavailable|not available)|\\b(?:function calling|tool (?:use|calling|choice)|tools|json mode|structured outputs?|response_format|response schemas?|thinking|reasoning|streaming|code execution|grounding|search|caching|logprobs|[\\w.]+ mode) with (?:a |an |the )?[\\w ./:'\"-]{1,80}? (?:is|are) (?:unsupported|not supported)\\b|do(?:es)?(?:n'?t| not) support (?:the )?(?:system (?:instructions?|messages?|prompts?|role)|developer (?:instructions?|messages?|role)|json mode|json_object|json_schema|structured outputs?|response_format|response schemas?|audio(?: input)?|video(?: input)?|pdfs?|documents?|files?|file inputs?|prompt caching|caching|logprobs|temperature|top_p|top_k|stop sequences|seed|n > 1|multiple candidates|code execution|grounding|search)\\b|(?:system instructions?|developer instructions?|json mode|structured outputs?|response schemas?|audio input|video input|pdf input|document input|prompt caching|code execution|grounding|logprobs)(?: is| are)? (?:not supported|unsupported|not available|not enabled)\\b",
    'parameter',
  ),
];
