/** What "Export" produces: the replay payload, the provider request as curl, and the inspection report. */
import type { RuleCount, SessionInfo } from '../../../shared/api.js';
import type { Inspection, PreflightFinding } from '../../../shared/inspection.js';
import { isRecord } from '../../../shared/messages.js';
import { turnMapping } from '../../../shared/text/numbering.js';
import type { JsonValue, PolicyFlag } from '../../../shared/types.js';
import type { PayloadBuild } from '../payloads/payload-builder.js';
import { shellComment, shellWord, singleQuoted } from './shell-quote.js';

/** Environment variables holding each provider's key (pi-ai's names), for the curl placeholder. */
const KEY_ENV: Record<string, string> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  'azure-openai-responses': 'AZURE_OPENAI_API_KEY',
  google: 'GEMINI_API_KEY',
  'google-gemini-cli': 'GEMINI_API_KEY',
  'google-vertex': 'GOOGLE_CLOUD_API_KEY',
  mistral: 'MISTRAL_API_KEY',
  openrouter: 'OPENROUTER_API_KEY',
  'github-copilot': 'COPILOT_GITHUB_TOKEN',
  'vercel-ai-gateway': 'AI_GATEWAY_API_KEY',
  moonshotai: 'MOONSHOT_API_KEY',
  'moonshotai-cn': 'MOONSHOT_API_KEY',
  huggingface: 'HF_TOKEN',
  'kimi-coding': 'KIMI_API_KEY',
  'cloudflare-workers-ai': 'CLOUDFLARE_API_KEY',
  'cloudflare-ai-gateway': 'CLOUDFLARE_API_KEY',
};

/** The environment variable a provider's key is read from. */
export function keyEnvVar(provider: string): string {
  // A shell variable name cannot start with a digit (`$1PASSWORD_API_KEY` would be `$1`).
  return (
    KEY_ENV[provider] ??
    `${provider
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^(?=\d)/, '_')}_API_KEY`
  );
}

const BODY_END = 'TRANSCRIPT_INSPECTOR_BODY';

/** The payload builder's placeholders for URL template parts (`placeholder-cloudflare-account-id`) as shell variables. */
function urlWithVariables(url: string): string {
  return url.replace(/placeholder-([a-z0-9-]+)/g, (_m, name: string) => `\${${name.toUpperCase().replace(/-/g, '_')}}`);
}

function camelToSnake(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(camelToSnake);
  if (!isRecord(value)) return value;
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value as Record<string, JsonValue>)) {
    // Tool schemas and arguments keep their own keys.
    out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = key === 'parameters' || key === 'arguments' ? item : camelToSnake(item);
  }
  return out;
}

/** The HTTP request a payload becomes: URL, headers and the JSON body on the wire. */
export interface ProviderRequest {
  url: string;
  headers: [string, string][];
  body: JsonValue;
  /** curl's AWS signing option, for Bedrock. */
  sigv4?: string;
  /** Caveats, printed as comments above the command. */
  notes: string[];
}

/**
 * The request pi-ai's SDK call would make for this payload. The SDK-shaped bodies (Gemini
 * `config`, Bedrock `modelId`, Mistral camelCase) are turned into the REST form.
 */
export function providerRequest(build: PayloadBuild, payload: JsonValue): ProviderRequest {
  const model = build.model;
  // Only the catalogue's base URL names variables: a model id that says "placeholder-x" stays text.
  const base = urlWithVariables((model?.baseUrl ?? '').replace(/\/+$/, ''));
  const key = `$${keyEnvVar(model?.provider ?? '')}`;
  const json: [string, string] = ['content-type', 'application/json'];
  const extra: [string, string][] = Object.entries(model?.headers ?? {});
  const body = isRecord(payload) ? (payload as Record<string, JsonValue>) : {};
  switch (build.api) {
    case 'anthropic-messages':
      return {
        url: `${base}/v1/messages`,
        headers: [json, ['x-api-key', key], ['anthropic-version', '2023-06-01'], ...extra],
        body: payload,
        notes: [],
      };
    case 'openai-responses':
      return { url: `${base}/responses`, headers: [json, ['authorization', `Bearer ${key}`], ...extra], body: payload, notes: [] };
    case 'azure-openai-responses':
      return {
        url: `${base}/responses`,
        headers: [json, ['api-key', key], ...extra],
        body: payload,
        notes: ['Azure: the model field is your deployment name.'],
      };
    case 'openai-codex-responses':
      return {
        url: `${base}/codex/responses`,
        headers: [
          json,
          ['authorization', 'Bearer $CODEX_ACCESS_TOKEN'],
          ['chatgpt-account-id', '$CHATGPT_ACCOUNT_ID'],
          ['OpenAI-Beta', 'responses=experimental'],
          ...extra,
        ],
        body: payload,
        notes: ['Codex uses your ChatGPT login: the access token and account id come from it.'],
      };
    case 'openai-completions':
      return { url: `${base}/chat/completions`, headers: [json, ['authorization', `Bearer ${key}`], ...extra], body: payload, notes: [] };
    case 'mistral-conversations': {
      const { model: id, ...rest } = body;
      return {
        url: `${base}/v1/chat/completions`,
        headers: [json, ['authorization', `Bearer ${key}`], ...extra],
        body: camelToSnake({ model: id ?? null, ...rest }),
        notes: ['The Mistral SDK input was converted to the snake_case wire form.'],
      };
    }
    case 'google-generative-ai':
    case 'google-vertex': {
      const { model: id, config, ...rest } = body;
      const { systemInstruction, tools, toolConfig, ...generationConfig } = isRecord(config)
        ? (config as Record<string, JsonValue>)
        : ({} as Record<string, JsonValue>);
      const wire: Record<string, JsonValue> = { ...rest };
      if (systemInstruction !== undefined) wire.systemInstruction = systemInstruction;
      if (tools !== undefined) wire.tools = tools;
      if (toolConfig !== undefined) wire.toolConfig = toolConfig;
      if (Object.keys(generationConfig).length > 0) wire.generationConfig = generationConfig;
      // The id comes from the session file: encoded, it cannot add a shell expansion or a query to the URL.
      const modelId = encodeURIComponent(String(id ?? model?.id ?? ''));
      if (build.api === 'google-vertex') {
        return {
          url: `https://\${GOOGLE_CLOUD_LOCATION}-aiplatform.googleapis.com/v1/projects/\${GOOGLE_CLOUD_PROJECT}/locations/\${GOOGLE_CLOUD_LOCATION}/publishers/google/models/${modelId}:streamGenerateContent?alt=sse`,
          headers: [json, ['authorization', 'Bearer $(gcloud auth print-access-token)'], ...extra],
          body: wire,
          notes: ['The @google/genai config was turned into the REST generationConfig.'],
        };
      }
      return {
        url: `${base}/models/${modelId}:streamGenerateContent?alt=sse`,
        headers: [json, ['x-goog-api-key', key], ...extra],
        body: wire,
        notes: ['The @google/genai config was turned into the REST generationConfig.'],
      };
    }
    case 'bedrock-converse-stream': {
      const { modelId, ...rest } = body;
      const region = /bedrock-runtime\.([a-z0-9-]+)\./.exec(base)?.[1] ?? 'us-east-1';
      return {
        url: `${base || `https://bedrock-runtime.${region}.amazonaws.com`}/model/${encodeURIComponent(String(modelId ?? model?.id ?? ''))}/converse-stream`,
        headers: [json],
        body: rest,
        sigv4: `aws:amz:${region}:bedrock`,
        notes: ['Signed with your AWS credentials (curl --aws-sigv4); image bytes are base64 in the JSON form.'],
      };
    }
    default:
      return { url: base, headers: [json], body: payload, notes: [`No request template for api ${build.api}.`] };
  }
}

/**
 * The replay request as a curl command, the key as an environment variable, the body as a
 * here-document. Every value is quoted for the shell and comments cannot hold a line break: a model
 * id or file name from the session runs nothing (only the exporter's own `$VARIABLES` expand).
 */
export function curlCommand(build: PayloadBuild, payload: JsonValue, notes: string[] = []): string {
  const request = providerRequest(build, payload);
  const lines = [...notes, ...request.notes].map(shellComment);
  const parts = [`curl -sS -N ${shellWord(request.url)}`];
  for (const [name, value] of request.headers) parts.push(`-H ${shellWord(`${name}: ${value}`)}`);
  if (request.sigv4)
    parts.push(
      `--aws-sigv4 ${singleQuoted(request.sigv4)}`,
      '--user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY"',
      '-H "x-amz-security-token: ${AWS_SESSION_TOKEN:-}"',
    );
  // A quoted delimiter: the body is not expanded, and JSON.stringify's indented lines never equal it.
  parts.push(`--data-binary @- <<'${BODY_END}'`);
  return `${lines.join('\n')}${lines.length ? '\n' : ''}${parts.join(' \\\n  ')}\n${JSON.stringify(request.body, null, 2)}\n${BODY_END}\n`;
}

/** The machine-readable report: what was inspected, the policy, every change and prediction. */
export function reportJson(session: SessionInfo, inspection: Inspection, rules: RuleCount[]): string {
  return `${JSON.stringify(
    {
      session: { name: session.name, path: session.path, digest: session.digest, sizeBytes: session.sizeBytes },
      target: inspection.target,
      behaviour: inspection.behaviour,
      policy: inspection.policy,
      rules: rules.map(({ rule, title, count }) => ({ rule, title, count })),
      annotations: inspection.annotations,
      preflight: inspection.preflight ?? { original: [], replay: [] },
      diagnostics: inspection.diagnostics,
      notes: inspection.notes ?? [],
    },
    null,
    2,
  )}\n`;
}

function mdCell(value: string): string {
  return value.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

function findingsTable(findings: PreflightFinding[]): string[] {
  if (findings.length === 0) return ['No findings.'];
  return [
    // The payload position in the provider's own words (`input[3].content[0]`), never a bare number.
    '| where | check | rule | what |',
    '|---|---|---|---|',
    ...findings.map(
      (f) => `| ${f.path ? `\`${mdCell(f.path)}\`` : 'the whole request'} | ${f.check} | \`${f.rule}\` | ${mdCell(f.explanation)} |`,
    ),
  ];
}

/** The human report as Markdown. */
export function reportMarkdown(session: SessionInfo, inspection: Inspection, rules: RuleCount[]): string {
  const t = inspection.target;
  const out: string[] = [
    `# Transcript Inspector report: ${session.name}`,
    '',
    `- target: \`${t.provider}\` / \`${t.api}\` / \`${t.modelId}\`${t.reasoning ? ' (reasoning)' : ''}`,
    `- hygiene: ${inspection.behaviour === 'spec' ? 'as specified (`spec`)' : 'OpenClaw 2026.9.6 as released (`openclaw-2026.9.6`)'}`,
    `- file digest: \`${session.digest}\``,
    `- turns: ${inspection.original.messages.length} original → ${inspection.replay.messages.length} replayed`,
    '',
  ];
  out.push('## Policy', '', '| flag | value | why |', '|---|---|---|');
  for (const [flag, setting] of Object.entries(inspection.policy) as [PolicyFlag, { value: unknown; reason: string }][]) {
    out.push(`| ${flag} | ${mdCell(JSON.stringify(setting.value))} | ${mdCell(setting.reason)} |`);
  }
  out.push('', '## Hygiene', '');
  if (inspection.annotations.length === 0) out.push('Nothing needed changing.');
  for (const r of rules.filter((r) => r.count > 0)) {
    out.push(`### \`${r.rule}\` — ${r.title} (${r.count})`, '');
    for (const a of inspection.annotations.filter((a) => a.rule === r.rule)) {
      out.push(`- ${turnMapping(a.turn, a.replayTurn)}: ${a.action}${a.path ? ` \`${a.path}\`` : ''} — ${a.detail}`);
    }
    out.push('');
  }
  const pre = inspection.preflight ?? { original: [], replay: [] };
  out.push(
    '## Preflight',
    '',
    `### Original payload (${pre.original.length})`,
    '',
    ...findingsTable(pre.original),
    '',
    `### Replay payload (${pre.replay.length})`,
    '',
    ...findingsTable(pre.replay),
    '',
  );
  out.push('## Diagnostics', '');
  if (inspection.diagnostics.length === 0) out.push('None.');
  for (const d of inspection.diagnostics) out.push(`- line ${d.line}${d.column ? `:${d.column}` : ''} (${d.severity}): ${d.message}`);
  if ((inspection.notes ?? []).length > 0) out.push('', '## Notes', '', ...(inspection.notes ?? []).map((n) => `- ${n}`));
  return `${out.join('\n')}\n`;
}
