/**
 * The English phrase families of errors hygiene cannot fix, by category and meaning: synonyms and
 * both word orders ("balance is insufficient", "insufficient balance"), written to match the family
 * of wordings, not one provider's message. Patterns run on the normalised text, case-insensitive.
 */
import { family, type CategoryPattern } from './category-pattern.js';

/** Phrase families in English, by category. */
export const PHRASES: readonly CategoryPattern[] = [
  family(
    'billing',
    0.95,
    'the balance or credit is exhausted',
    "credit balance is too low|insufficient (?:account |paid |user )?(?:balance|credits?|funds)|(?:balance|credits?|funds) (?:is |are )?(?:insufficient|not enough|too low|exhausted|depleted|used up)|requires? (?:a )?paid balance|(?:please )?(?:top[ -]?up|recharge)\\b|requires more credits|can only afford|purchase (?:more )?credits|add (?:more )?credits|(?:run|ran) out of credits|(?:doesn'?t|does not|don'?t|do not) have (?:any|enough) credits|used all (?:available|your|of your) credits|no credits? (?:left|remaining)|credits? (?:exhausted|depleted)|余额不足|欠费|arrearage",
  ),
  family(
    'billing',
    0.95,
    'a spending budget or key limit is exhausted',
    'budget has been exceeded|exceeded (?:your |the )?(?:\\w+ )?budget|(?:specified|configured|custom) (?:api )?(?:usage|spend(?:ing)?) limits?|(?:reached|hit|exceeded) (?:the|your) (?:set|configured|specified) [\\w ]{0,20}?limit|crossed budget|over budget|exceededbudget|budget_exceeded|spend(?:ing)? limit|key limit exceeded|(?:monthly|weekly|daily) limit|settings/(?:keys|credits)',
  ),
  family(
    'billing',
    0.88,
    'the quota of the plan is exhausted',
    'exceeded (?:your )?current quota|check your (?:plan and )?billing details|billing_not_active|insufficient_quota|exceeded_current_quota',
  ),
  // A quota of zero is not a rate to wait out: the plan does not include the model (Gemini's free tier).
  family(
    'billing',
    0.99,
    'the plan has no quota for this model',
    "(?:does(?:n'?t| not)|has no) (?:have )?(?:a )?free (?:quota )?tier|free_?tier\\w*.{0,120}?\\blimit: 0\\b|\\blimit: 0, model",
  ),
  // Google's ErrorInfo reason is more specific than the RESOURCE_EXHAUSTED status around it.
  family(
    'billing',
    0.99,
    "the error's reason names the account's credit or billing",
    '{Q}reason{Q}\\s*:\\s*{Q}[A-Z\\d_]*(?:CREDITS?|BALANCE|BILLING)[A-Z\\d_]*{Q}',
  ),
  family(
    'billing',
    0.88,
    'the account is behind on payment',
    '(?:account|payment|bill)s?\\b.{0,40}\\b(?:good standing|overdue|past due|unpaid|delinquent)|overdue|past due|in arrears',
  ),
  family(
    'billing',
    0.92,
    'the account has no billing set up',
    '(?:without|no) (?:a |an )?(?:linked )?billing (?:account|method)|(?:link|add|set up|enable) (?:a |an )?billing (?:account|method)|billing (?:account|method) (?:is )?(?:required|must be (?:linked|added|enabled))',
  ),
  // A free allowance that is gone for good, or a model that needs a paid plan: waiting does not help.
  family(
    'billing',
    0.9,
    'the free allowance is used up or the model needs a paid plan',
    'free (?:tier|quota|trial|credits?|allowance)(?: of (?:the |this )?[\\w .:/-]{1,40}?)? (?:has been |is |was )?(?:exhausted|used up|depleted|expired|ended)|(?:continue|keep) (?:to )?(?:access|use|using) .{0,40}on a paid basis|(?:requires?|needs?) (?:a |an )?(?:paid |active |pro )?(?:subscription|paid plan)|upgrade (?:your plan |your account )?for access|subscription (?:has )?(?:expired|lapsed|ended)|renew (?:your |the )?subscription',
  ),
  family(
    'billing',
    0.75,
    'the account cannot be billed',
    'payment required|billing (?:hard limit|account|is not active)|(?:token |user )?quota is not enough|insufficient[_ ]user[_ ]quota|account (?:is )?(?:not active|suspended|deactivated)',
  ),
  family(
    'context-length',
    0.95,
    'the request is longer than the context window',
    "maximum context length is \\d+|context_length_exceeded|exceed_context_size_error|(?:exceeds?|exceeded|over) (?:the )?(?:model'?s? )?(?:max(?:imum)? )?context (?:window|length|size|limit)|context window exceeds limit|input (?:length )?exceeds (?:the )?context|context size has been exceeded|request exceeds the available context size|prompt (?:is )?too long|total number of tokens.{0,40}cannot exceed|input is too long for requested model|input token count.{0,20}exceeds the maximum number of tokens|range of input length should be|prompt token count of \\d+ exceeds|model_max_prompt_tokens_exceeded|exceeded model token limit|requested tokens \\(\\d+\\) exceed context window|input prompt \\(\\d+ tokens\\) is too long|tokens \\+ .{0,4}max_new_tokens.{0,4} must be <=|too large for model with \\d+ maximum context length|message exceeds token limit|input length and .{0,4}max_tokens.{0,4} exceed context limit|tokens > \\d+ maximum|keep the first \\d+ tokens when context|reached context length of \\d+|context shift is disabled|context (?:length|window|size) of only \\d+|(?:longer|larger) than the max(?:imum)? (?:model|context) length|context overflow|(?:max(?:imum)? )?context (?:length|window|size)(?: for this model)? (?:has been |was |is )?exceeded",
  ),
  family(
    'context-length',
    0.75,
    'the prompt is over a token limit',
    'reduce the length of (?:the |your )?(?:input )?(?:messages?|prompt)|(?:prompt|input) tokens? limit exceeded|too many (?:input )?tokens(?! per| ?, please wait)|token limit exceeded|exceeds? (?:the )?max(?:imum)? (?:input )?tokens',
  ),
  family(
    'context-length',
    0.85,
    'the request is over a size limit',
    '(?:request|payload|body|entity|content|input|prompt)(?: body| entity| size)? (?:is |was )?too (?:large|big)|(?:request|payload|body|input) (?:size )?exceeds the max(?:imum)? (?:allowed )?(?:size|length)|exceeds the max(?:imum)? (?:request |body |payload )?size|(?:request|payload|body|entity)(?: size)? exceeds the (?:max(?:imum)? )?(?:allowed )?(?:size|limit)',
  ),
  // Bedrock names the limit and the size: it outranks the "malformed input" it is worded as.
  family(
    'context-length',
    0.93,
    'the input is longer than the limit the error names',
    'expected maxlength: \\d+, actual: \\d+|value at {Q}(?:body|messages?|prompt|input\\w*){Q} failed to satisfy constraint: member must have length',
  ),
  family(
    'context-length',
    0.88,
    'the prompt is longer than a maximum length',
    '(?:larger|longer|bigger) than the (?:model\\W?s? )?(?:context|max(?:imum)?) (?:window|length|size)|exceeds the (?:model|context) window|truncat(?:ing|ed) (?:the )?input (?:prompt|message)|max(?:imum)? (?:prompt|input|context|sequence) length is \\d|(?:prompt|input|context|messages?)(?: tokens?| token count| length| size)? (?:exceeds?|exceeded|is over|is longer than|is larger than) (?:the )?(?:max(?:imum)?|limit|allowed)|(?:prompts?|inputs?|messages?|context)\\W{0,3} (?:tokens? )?(?:must|should|can) (?:have|be|contain|not exceed) (?:less|fewer|at most|no more) than [\\d,]+ tokens|must be (?:less|fewer|smaller) than (?:the )?(?:max_seq_len|max_model_len|max_position_embeddings|n_ctx|context)',
  ),
  family(
    'context-length',
    0.78,
    'a token count is over a maximum',
    '\\d[\\d,]* (?:input |prompt |context )?tokens?\\b.{0,60}?\\b(?:exceeds?|exceeding|exceeded|over|greater than|more than|larger than|>|cannot exceed|must not exceed)\\s.{0,40}?\\b(?:max(?:imum)?|limit|allowed|context|window)\\b|(?:context (?:length|window|size)|input limit|prompt limit) (?:of |is |to )?\\d[\\d,]* tokens|\\b(?:input|prompt|context) tokens? (?:count )?(?:of )?\\d[\\d,]*\\b.{0,20}?\\b(?:exceeds?|cannot exceed|must not exceed|is over)\\b',
  ),
  family(
    'auth',
    0.95,
    'the credentials are refused',
    'virtual key expected|expected to start with {Q}?sk-|api_key (?:client option )?must be set|you have been blocked|(?:token|api[ _-]?key|key|credentials?) (?:seems?|appears?|looks?) (?:to be )?invalid|(?:x-api-key|authorization|api-key|x-goog-api-key) header (?:is )?(?:required|missing)|tokens? (?:are|is) not supported for this endpoint|invalid x-api-key|incorrect api key|invalid subscription key|invalid[ _]api[ _]key|api key not valid|api key not found|api_key_invalid|no (?:cookie )?auth credentials found|security token included in the request is (?:invalid|expired)|unrecognizedclientexception|invalidclienttokenid|expiredtoken|token (?:has )?expired|oauth (?:token|authentication)|invalid (?:bearer|access) token|authentication_error|user not found\\.?',
  ),
  family(
    'auth',
    0.93,
    'the account or role may not use this model',
    "not authorized to (?:perform|invoke)|don'?t have access to the model with the specified model id|model access is denied|aws marketplace actions|permission {Q}?[\\w.]+{Q}? denied|iam_permission_denied|permission_denied|permission denied on resource",
  ),
  family(
    'auth',
    0.9,
    'the credentials or the key restrictions refuse the request',
    "invalid[ _]authentication|authentication (?:fail(?:s|ed|ure)?|error)|authori[sz]ation (?:fail(?:s|ed|ure)?|required|denied)|check (?:your )?credentials|(?:do(?:n'?t| not)|does(?:n'?t| not)) have (?:access|permission) to (?:the |this )?model|authenticationerror|(?:invalid|incorrect|wrong|bad|missing) (?:credentials?|auth(?:entication|orization)? (?:token|header)|bearer token)|api[ _-]?key (?:is |was |has been )?(?:invalid|expired|revoked|disabled|missing|required|not provided)|(?:has been|was|is) denied access|denied access to|\\binvalid token\\b(?! (?:count|limit|length|usage))|invalid api[ _-]?token|principal does not have access|unregistered callers|caller does not have permission|signature (?:we calculated )?does not match|(?:unable to locate|could not load|failed to load|no valid) (?:aws )?credentials|credentialsprovidererror|(?:didn'?t|did not) provide an api[ _-]?key|no api[ _-]?key (?:was )?(?:provided|found|given)|not from a valid issuer|invalid username or password|requests? (?:from|to) .{0,120}? (?:are|is) blocked",
  ),
  family(
    'auth',
    0.88,
    'the service is not offered where the request comes from',
    'location is not supported|unsupported (?:country|region|location)|not available in your (?:country|region|location)|(?:country|region|territory) (?:is )?not supported',
  ),
  family(
    'auth',
    0.9,
    'the account or organisation is disabled',
    '(?:organi[sz]ation|account|team|project|api key|key|access|subscription) (?:has been |is |was )?(?:disabled|deactivated|suspended|banned|blocked|terminated|revoked|restricted)',
  ),
  family(
    'auth',
    0.9,
    'the organisation or account must be verified first',
    '(?:organi[sz]ation|account|identity) (?:must|needs to|has to) be verified|verify (?:your )?organi[sz]ation|(?:organi[sz]ation|account) (?:is )?not (?:yet )?verified|unverified (?:organi[sz]ation|account)',
  ),
  // Terms or a licence to accept, an API to enable, a project not allowed to use the model: the account's setup, not a bill.
  family(
    'auth',
    0.9,
    'the account must accept terms or enable access before using this model',
    "(?:requires?|needs?) (?:terms|licen[cs]e|eula) acceptance|(?:accept|agree to) the (?:model'?s? )?(?:terms|licen[cs]e|eula|conditions)\\b|model_terms_required|gated (?:model|repo)|(?:is|are) not allowed to (?:use|access|call|invoke)\\b|api has not been used in project|(?:api|service) (?:has been |is )?(?:disabled|not enabled) (?:for|in) (?:this |the |your )?project|service_disabled|accessnotconfigured|(?:has not|hasn'?t|not yet) (?:activated|enabled|opened|subscribed to) (?:the |this )?model|activate the model|model_?not_?open",
  ),
  family('auth', 0.6, 'access is forbidden', 'unauthori[sz]ed|unauthenticated|forbidden|access ?denied|permission_error'),
  family(
    'rate-limit',
    0.95,
    'requests or tokens are over a rate limit',
    'rate[ _-]?limit(?:ed|_error| reached| exceeded)|ratelimit exceeded|too many requests|too many tokens(?:,? please wait| per)|throttl|resource has been exhausted|resource_?exhausted|quota exceeded for (?:quota )?metric|quota exceeded for [\\w.-]+\\.googleapis\\.com|(?:requests|tokens)_per_(?:minute|day|hour)|tokens per (?:min|minute|day|hour)|requests per (?:min|minute|day|hour)|per[- ](?:minute|hour|day) (?:token|request|rate)s? (?:limit|quota)|request rate is too high|temporarily rate-limited',
  ),
  family(
    'rate-limit',
    0.88,
    'the model is overloaded',
    'overloaded|over ?capacity|capacity (?:exceeded|exhausted)|capacity_exhausted|(?:out of|insufficient|no available) (?:model |server )?capacity|high demand|\\bat (?:full )?capacity\\b|capacity error|(?:server|service|system|model) (?:is )?(?:too )?busy|服务器繁忙',
  ),
  family(
    'rate-limit',
    0.88,
    'a usage cap that resets, or too many requests at once',
    '(?:session|hourly|daily|weekly|monthly|\\d+[- ]?hours?) usage (?:limit|quota|cap)|usage limit (?:reached )?for \\d+ ?hours?|(?:reached|hit) your (?:\\w+ )?usage limit|limits? will reset|concurren(?:cy|t requests?) (?:limit|usage|is too high|exceeded)|high concurrency|too many concurrent|another request is (?:already |still )?(?:in progress|running|being processed)|request is already in progress',
  ),
  // "Quota" alone is a rate when the provider says how to raise it or links its rate-limit page:
  // DashScope words its per-minute token allocation like OpenAI's billing quota ("You exceeded your
  // current quota … #token-limit"), Gemini links rate-limits for its per-minute free tier.
  family(
    'rate-limit',
    0.98,
    'a quota the error documents as a rate limit',
    'exceeded (?:your )?current quota.{0,240}?(?:#token-limit|#rate-limit|/rate-limits?\\b|throttling|(?:higher|increased?|raise) (?:quota|rate) limits?|resource_exhausted)',
  ),
  family(
    'rate-limit',
    0.88,
    'an allocated quota that can be raised is used up',
    'allocated quota (?:is )?(?:exceeded|exhausted|used up)|(?:increase|raise) (?:your |the )?quota(?: limit)?\\b|quota (?:limit )?(?:increase request|exceeded for (?:this |the )?(?:minute|hour|day|model))|allocationquota',
  ),
  // A plan's usage cap says when it comes back ("It will reset in 10 days", "access resets at 10 PM"),
  // often with no status code at all: waiting (or a bigger plan) is the remedy, as for any rate.
  family(
    'rate-limit',
    0.86,
    'a plan usage cap is reached until it resets',
    "usage (?:limit|quota|cap) (?:has been |have been |was |is )?(?:reached|hit|exceeded|exhausted)|(?:hit|reached) (?:your|the) (?:\\w+ )?limit\\b.{0,20}\\bresets?\\b|(?:exhausted|used up|run out of|ran out of) (?:your |the |all )?(?:daily|hourly|weekly|monthly|per[- ]minute|per[- ]day) (?:quota|limit|allowance)|(?:reached|hit|exceeded) (?:the |your )?(?:\\w+ )?usage (?:limit|quota|cap)|\\b(?:will|it'?ll|quota|limits?|usage|access|allowance) resets? (?:in|at|on) (?:about |approximately )?\\d|\\b(?:quota|limits?|usage|allowance) (?:will be|is|gets) reset (?:in|at|on)\\b",
  ),
  family(
    'rate-limit',
    0.8,
    'requests come too often or a request count limit is reached',
    'rate[ _-]?limit|requests? (?:are |is )?too (?:frequent|often|fast)|(?:daily|hourly|per[- ]minute|per[- ]day) request (?:limit|quota)|request limit (?:reached|exceeded)|过于频繁',
  ),
  // A cap that says when it comes back is a rate even when worded like a spending limit ("Weekly/Monthly Limit Exhausted. Your limit will reset at …").
  family(
    'rate-limit',
    0.96,
    'a limit that says when it resets',
    '\\blimits? (?:is |are |has been |have been )?(?:exhausted|reached|exceeded|hit|used up)\\b.{0,60}\\b(?:will )?resets? (?:at|in|on)\\b|\\byour (?:\\w+ )?limit will reset (?:at|in|on)\\b',
  ),
  family('rate-limit', 0.55, 'the provider asks to retry later', 'please (?:wait|slow down)|try again in \\d|retry (?:in|after) \\d'),
  family(
    'model-capability',
    0.93,
    'the model has no tool support',
    "do(?:es)?(?:n'?t| not) (?:yet )?support (?:the )?(?:tools?|tool[ _-]?(?:use|calls?|calling)|function[ _-]?(?:calls?|calling)|functions)\\b|(?:is |are )?not capable of (?:tool|function)[ _-]?(?:use|calls?|calling)\\b|(?:has|have) no (?:tool|function)[ _-]?(?:use |call(?:ing)? )?support\\b|no endpoints found that support (?:tool use|the provided {Q}?tool_choice)|(?:tool|function) calling is not (?:enabled|supported)|only supports single tool-?calls?|parallel (?:tool|function) calls? (?:are|is) not supported|(?:not|isn'?t) supported for (?:tools?|tool use|tool calling|function calling)\\b|tools? param(?:eter)?s? requires?|auto{Q}? tool choice requires --enable",
    'tools',
  ),
  // Below the transcript answer for an empty tool_calls array "not supported" (0.92).
  family(
    'model-capability',
    0.88,
    'the model or endpoint refuses tools',
    '(?:tools?|tool[ _]calls?|tool[ _]calling|tool[ _]use|functions?|function[ _]calls?|function[ _]calling)(?: param(?:eter)?s?)?{Q}? (?:is |are )?(?:not (?:supported|enabled|available)|unsupported)\\b',
    'tools',
  ),
  family(
    'model-capability',
    0.93,
    'the model has no thinking support',
    "do(?:es)?(?:n'?t| not) support (?:thinking|reasoning|extended thinking)|thinking(?:\\.type\\.\\w+)?{Q}? is not supported|think value .{0,20} is not supported",
    'thinking',
  ),
  // Below the transcript answers for reasoning fields a server refuses in the history (0.9).
  family(
    'model-capability',
    0.86,
    'the model refuses the thinking setting',
    '(?:thinking|reasoning|thoughts?)(?:[ _.](?:config|level|type|budget|mode|effort)\\w*)*{Q}? (?:is |are )?(?:not supported|unsupported|not available)|unsupported (?:thinking|reasoning)|(?:thinking|reasoning)(?: type| mode)? (?:should|must) be (?:enabled|disabled|one of)|supported for (?:thinking|reasoning)|always (?:engages in |uses )?(?:thinking|reasoning)|(?:thinking|reasoning) cannot be (?:disabled|turned off)',
    'thinking',
  ),
  family(
    'model-capability',
    0.93,
    'the model has no image input',
    "do(?:es)?(?:n'?t| not) support (?:images?|image input|vision)|(?:images?|image input|image_url|vision)(?: input)?{Q}? (?:is |are )?not supported|unknown variant {Q}?image(?:_url)?{Q}?|no endpoints found that support image input|(?:not|isn'?t) supported for (?:vision|images?|image input)\\b|image_url is only supported by certain models|supports? (?:at most|only|up to) \\d+ images?|too many images|model does not support image",
    'images',
  ),
  // A content part of a kind the model does not take (a document, audio, a file), named as an invalid
  // value of the content type; a format mix-up ('text' where 'input_text' is wanted) is not this.
  family(
    'model-capability',
    0.9,
    'the model does not take this kind of content',
    'content(?:\\.\\d+|\\[\\d+\\])*\\.type{Q}?.{0,80}invalid value: {Q}?(?:document|input_audio|audio|video|input_file|file|pdf){Q}?',
    'parameter',
  ),
  family(
    'model-capability',
    0.88,
    'the model refuses a parameter',
    "unsupported (?:parameter|value): {Q}?\\w+|do(?:es)?(?:n'?t| not) support (?:the )?(?:param(?:eter)?|argument|option|setting)s?\\b|do(?:es)?(?:n'?t| not) support (?:the )?{Q}?[\\w.]+{Q}? (?:field|param(?:eter)?|argument|option|setting)s?\\b|(?:can ?not|can'?t|may not) be used with (?:this model|the model|(?:reasoning|thinking)\\b)|don'?t support \\w+=|(?:is |are )?not supported (?:with|on|by|for) this model|(?:is|are) not (?:enabled|available) for (?:this |the )?models?\\b|\\bmodel only supports?\\b|only the default \\(\\d+\\) value is supported|unsupported_(?:value|parameter)|unsupportedparamserror",
    'parameter',
  ),
  // A model that exists but is not served on the API the request used (chat completions, streaming, the Responses API).
  family(
    'model-capability',
    0.9,
    'the model is not served on this API or endpoint',
    "do(?:es)?(?:n'?t| not) support (?:the )?(?:chat(?:[ /_-]?completions?)?|(?:text )?completions|responses(?: api)?|streaming|stream mode|embeddings?|generate_?content|messages api|(?:this|that|the \\w+) (?:api|endpoint|method))\\b|(?:action|operation|api|endpoint|method) (?:doesn'?t|does not) support the model\\b|do(?:es)?(?:n'?t| not) support (?:insert|generate|fill-in-the-middle|fim)\\b|not a chat(?:[ _-]?completions?)? model|missing (?:a |the )?{Q}?conversation_config|(?:please )?use (?:the )?{Q}?/?(?:v1/)?(?:text[ _-]?completions|chat/completions|completions|responses)(?: api| endpoint)?{Q}?(?: api| endpoint)? instead|only supports? (?:the )?{Q}?/?(?:v1/)?(?:text[ _-]?)?completions{Q}? (?:api|endpoint)|tokenizer\\.chat_template is not set|(?:has|have) no chat template|operation does not work with the specified model|only supported (?:in|on|by|via|through) (?:the )?(?:v1/)?(?:responses|completions|chat/completions)\\b|(?:is )?not supported (?:in|on|by) the (?:v1/)?(?:chat/completions|completions|responses) endpoint",
    'endpoint',
  ),
  family(
    'request',
    0.92,
    'the model id does not exist',
    'model .{0,80}does not exist|model_not_found|model not found|\\bunsupported model\\b|\\bmodels/[\\w.:-]+ (?:is |was )?not found|is not found for api version|call listmodels|requested model .{0,60}does not exist|unknown model|not a valid model id|model (?:name|id) (?:is )?(?:invalid|not valid)|invalid model (?:name|id)|no (?:endpoints?|providers?|deployments?) (?:found |available )?for (?!that )[\\w.-]+/[\\w./:@-]+|no such model|this model is unavailable|model {Q}[\\w./:@ -]{1,80}{Q} not found|model [\\w./:@-]+ not found|deploymentnotfound|(?:function|deployment|engine|endpoint|model) {Q}[\\w ./:@-]{1,100}{Q}:? (?:is )?not found\\b|\\bnot found for (?:account|organi[sz]ation|project|tenant)\\b|deployment for this resource does not exist|deployment .{0,40}(?:does not exist|not found)|model.{0,80}(?:has been|was|is) (?:decommissioned|deprecated|retired|discontinued)|model_decommissioned|model_deprecated|not found the model|could not resolve the (?:foundation )?model|(?:unable to|cannot|can.?t) access (?:the )?model\\b(?! with the specified)|no allowed providers are available|(?:requested|selected|specified|this) model (?:is )?not supported\\b|model_not_supported|unavailable model\\b|not servable|on-demand throughput (?:isn.?t|is not) supported|(?:id|arn) of an inference profile',
  ),
  family(
    'request',
    0.9,
    'a tool definition is malformed',
    'invalid schema for function|json schema (?:is invalid|not supported)|tools?(?:\\[\\d+\\])?\\.(?:function(?:_declarations)?|custom|input_schema)|function_declarations\\[|tool names must be unique|toolconfig\\.tools|toolspec\\.|is too short - {Q}?tools|invalid {Q}?tools{Q}?: array too long|function parameters is empty|invalid function name|(?:toolconfig|tools?)(?: field)? (?:must|should) be (?:defined|provided|set|specified) when',
  ),
  family(
    'request',
    0.88,
    'a request parameter is out of range or unknown',
    'maximum allowed number of output tokens|max_(?:new_|output_|completion_)?tokens.{0,40}(?:must be|exceeds|greater than|less than|> \\d)|budget_tokens|malformed input request|is not less or equal to|invalid json payload received|unknown name .{0,60}cannot find field|extra (?:inputs|fields) (?:are )?not permitted|unrecognized request argument|missing required parameter|request contains an invalid argument|invalid value at',
  ),
  // A validator's prefix: what it refused decides (a token limit is context-length).
  family('request', 0.6, 'the server refused a field of the request', 'input validation error|validation error'),
  family(
    'request',
    0.9,
    'a content filter refused the prompt or the answer',
    'content (?:management |filtering |safety )?polic(?:y|ies)|content_?filter|contentpolicyviolation|content_policy_violation|responsibleaipolicyviolation|(?:blocked|flagged|filtered) (?:by|due to) .{0,40}(?:safety|content|moderation|policy)|violat\\w* .{0,40}(?:usage|content|safety) polic|' +
      // The same refusal in other words: content judged unsafe or risky, or a moderation ("inspection") step that failed.
      '(?:inappropriate|unsafe|harmful|sensitive|prohibited|disallowed) (?:content|words?|information)|content (?:exists? )?risk|(?:considered|deemed|judged|flagged as) (?:to be )?(?:high[ -]risk|unsafe|harmful|inappropriate|sensitive)|data[ _]?inspection[ _]?failed|moderation (?:failed|blocked|flagged)|rejected (?:as a result of|by) (?:our |the )?safety system',
  ),
  family(
    'request',
    0.8,
    'the endpoint or base URL is wrong',
    '(?:endpoint|url|api base|base url|path|route)\\b.{0,60}?\\b(?:not found|does not exist|is invalid)|not found,? (?:please )?(?:verify|check) (?:your |the )?(?:api base|base url|endpoint|url)',
  ),
  family(
    'request',
    0.7,
    'a field is missing, malformed or not an allowed value',
    '\\b(?:is|are|was) not specified\\b|\\bmust be specified\\b|\\bis not one of\\b|\\bis (?:less|greater) than the (?:minimum|maximum) of\\b|\\bis not of type {Q}\\w+{Q}|\\bis a required property\\b|,? not one of \\[|the format of the value at .{0,120}? is invalid|must contain the word|additional properties are not allowed|{Q}?[\\w.-]+{Q}? was unexpected\\)',
  ),
  // What a gateway says when it only knows the request was refused: below every specific phrase.
  family('request', 0.5, 'the request was refused as malformed', "bad request|check your input|couldn'?t process your request"),
  family(
    'request',
    0.7,
    'a parameter value is invalid',
    'invalid [\\w ]{1,30}? value: |\\binvalid [a-z]+(?:[._][a-z]+)+: |\\b[a-z]+(?: [a-z]+)? \\([\\w.-]+\\) is invalid',
  ),
  family(
    'server',
    0.8,
    'the provider failed internally',
    'internal server error|internal error|server had an error|error occurred while processing your request|server_error|api_error|internalserverexception|modelstreamerrorexception|modelerrorexception|modeltimeoutexception|modelnotreadyexception|serviceunavailableexception|web server is returning an unknown error|worker threw exception|no healthy upstream|origin is unreachable',
  ),
  family(
    'server',
    0.8,
    'the server lacks the memory to load or run the model',
    "requires more (?:system )?memory|out of memory|(?:not|n't) (?:have )?enough (?:available |free )?(?:system |gpu )?(?:memory|ram|vram)|insufficient (?:system |gpu )?memory|cuda error: out of memory|unable to allocate|failed to allocate|runner (?:process )?(?:has )?(?:terminated|exited|crashed)",
  ),
  family(
    'server',
    0.8,
    'the model server could not load the model or its engine died',
    'fail(?:ed|s)? to load (?:the )?model|error loading model|model (?:is |was |has been )?(?:unloaded|not loaded)|engine ?dead|enginedeaderror|engine ?core encountered|engine (?:died|crashed)|\\(engine dead\\)',
  ),
  family(
    'server',
    0.7,
    'the server says it failed',
    '\\bserver error\\b|server failed to fulfil|(?:service|server|api|endpoint) (?:is )?(?:temporarily|currently) unavailable|\\btemporarily unavailable\\b|(?:model|engine)\\b.{0,80}\\b(?:is )?currently loading|(?:stream|connection|socket|response|body) (?:ended|closed|terminated) unexpectedly',
  ),
  // A service that cannot take the request now (Bedrock's ServiceUnavailableException says exactly this).
  family(
    'server',
    0.7,
    'the service cannot handle requests right now',
    '\\b(?:is|are) (?:currently |temporarily )?unable to (?:process|handle|serve|complete|fulfil+) (?:your |the |this |any )?(?:requests?|calls?)\\b',
  ),
  family(
    'server',
    0.75,
    'a gateway or proxy failed',
    'bad gateway|failed dependency|service unavailable|gateway time-?out|upstream (?:connect error|request timeout|error)|no deployments available',
  ),
  family(
    'server',
    0.6,
    'the connection failed',
    'error (?:was )?encountered while running the model|unexpected eof|premature close|runner process (?:is )?no longer running|connection (?:error|refused|reset|lost|closed|aborted)|\\bconnect(?:ion)?error\\b|actively refused|failed to establish (?:a )?(?:new )?connection|max retries exceeded with url|no connection could be made|cannot connect to host|name or service not known|getaddrinfo|enotfound|network is unreachable|econnreset|econnrefused|etimedout|read ?timeout|connect ?timeout|socket hang up|fetch failed|network error|broken pipe|timed out|\\btimeout\\b|stream disconnected|response is not json|typeerror: terminated|^\\W*terminated\\W*$|(?:stream|socket|request|response|connection) (?:was |has been )?terminated',
  ),
];
