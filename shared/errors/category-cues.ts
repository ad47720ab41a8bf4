/** The weakest reading of an error: which category's vocabulary its words lean to, when no phrase family matched. */
import type { OtherCategory } from './category-pattern.js';

/**
 * Words each category's errors are written in, by meaning and in English and Chinese. A word alone
 * says little; the category whose vocabulary the text uses most, and alone, is a better guess than
 * none, and is offered as a guess (classify.ts ranks it below every phrase, type, code and status).
 */
const CUES: [OtherCategory, RegExp][] = [
  ['billing', /balance|credits?\b|billing|payment|\bpaid\b|recharge|top[ -]?up|invoice|arrear|余额|充值|欠费|计费/giu],
  [
    'rate-limit',
    /\brate\b|throttl|too many|frequen|per (?:minute|day|hour)|\b[rt]pm\b|retry (?:after|in|later)|try again later|busy|overload|capacity|频繁|限流|限速/giu,
  ],
  ['context-length', /context|too long|\blength\b|truncat|\bwindow\b|max(?:imum)? tokens|token limit|上下文|长度|超长/giu],
  [
    'auth',
    /api[ _-]?key|\bauth\w*|credential|permission|\baccess\b|forbidden|log ?in\b|sign ?in\b|unauthori|denied|认证|鉴权|密钥|权限/giu,
  ],
  ['model-capability', /not support|unsupported|doesn'?t support|capabilit|vision|\bimages?\b|multimodal|不支持/giu],
  [
    'request',
    /invalid|unknown|unrecogni[sz]ed|missing|required|malformed|\bparam|\bfield\b|schema|must be|not found|does not exist|model name|参数|无效|不存在/giu,
  ],
  [
    'server',
    /server|internal|time ?out|timed out|unavailable|gateway|connect|network|crash|\bengine\b|upstream|\bload(?:ing)?\b|服务器|超时|网络/giu,
  ],
];

/** The category whose words the text uses most, and the words, or null when no category leads. */
export function cueCategory(text: string): { category: OtherCategory; words: string[] } | null {
  const scored = CUES.map(([category, pattern]) => {
    const words = [...new Set([...text.matchAll(pattern)].map((m) => m[0].toLowerCase()))];
    return { category, words };
  }).sort((a, b) => b.words.length - a.words.length);
  const [first, second] = scored;
  if (first.words.length === 0 || first.words.length === second.words.length) return null;
  return first;
}
