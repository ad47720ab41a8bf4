// How the Node entries are bundled (scripts/build.mjs for dist/node, and the unit tests' CLI bundle):
// which packages go into the bundle, and what is changed on the way so a small `inspect` starts fast.
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

/**
 * Packages bundled instead of imported from node_modules. Each module file Node loads costs a
 * resolve, a stat and a read; pi-ai's index alone re-exports typebox (~700 files). Bundled, pi-ai
 * comes as a few chunks, each loaded when first needed (it imports every provider lazily).
 * @noble/hashes is bundled so that its unused SHA-512 (whose constants are computed at load) is left
 * out. The provider SDKs (Anthropic, OpenAI, Google, Mistral, Bedrock) are not loaded at all: see
 * SDK_STAND_INS.
 */
export const BUNDLED_PACKAGES = new Set(['@mariozechner/pi-ai', '@noble/hashes', 'partial-json']);

/**
 * What this project imports from pi-ai, and the pi-ai module that defines it. Importing these modules
 * instead of pi-ai's index leaves out what the index also loads and nothing here calls (typebox and
 * pi-ai's schema validation, ~300 KB to compile at every start). A name imported from pi-ai that is
 * not listed fails the build ("No matching export"), so the list cannot silently fall behind.
 */
/** Packages pi-ai's index would load and no entry below needs: the build fails if one comes back. */
export const LEFT_OUT = ['typebox'];

const PI_AI_ENTRIES = {
  'dist/models.js': ['getModel', 'getModels', 'getProviders'],
  'dist/stream.js': ['streamSimple'],
};

export const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * An installed package's folder, found as Node finds it from the repository (node_modules upwards),
 * by its real path: esbuild names importers so, and the stand-ins are chosen by their importer's path
 * (a symlinked node_modules, as in a git worktree, must not turn them off).
 */
export function packageDir(root, name) {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed (npm ci)`);
  }
}

/** True when a value survives JSON unchanged (no undefined, functions, NaN or Infinity inside). */
function jsonSafe(value) {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value);
}

/**
 * pi-ai's models.js (`source`, at `file`) with its registry made lazy: the part before `getModel`,
 * which imports the whole catalogue and copies it into a map of maps at load, becomes each
 * provider's models as a JSON string (`catalogue`: pi-ai's MODELS) and a registry that parses a
 * provider's the first time it is asked for. What the registry gives is unchanged: the providers in
 * the catalogue's order, each one's models in a map in the catalogue's order. Throws when models.js
 * no longer reads the registry the way this replaces (`get` and `keys` only, outside its set-up).
 */
function lazyModelRegistry(source, catalogue, file) {
  const cut = source.indexOf('export function getModel(');
  const setUp = source.slice(0, cut);
  const rest = source.slice(cut);
  const uses = rest.match(/modelRegistry\.\w+/g) ?? [];
  if (
    cut < 0 ||
    !setUp.includes('import { MODELS } from "./models.generated.js";') ||
    !setUp.includes('const modelRegistry = new Map();') ||
    /\bMODELS\b/.test(rest) ||
    uses.some((use) => use !== 'modelRegistry.get' && use !== 'modelRegistry.keys')
  )
    throw new Error(`${file}: pi-ai's model registry changed; update lazyModelRegistry in scripts/node-bundle.mjs`);
  const texts = Object.fromEntries(Object.entries(catalogue).map(([provider, models]) => [provider, JSON.stringify(models)]));
  const registry = `const PROVIDER_MODELS = ${JSON.stringify(texts)};
const parsedProviders = new Map();
const modelRegistry = {
  keys: () => Object.keys(PROVIDER_MODELS),
  get(provider) {
    let models = parsedProviders.get(provider);
    if (models === undefined && Object.hasOwn(PROVIDER_MODELS, provider)) {
      models = new Map(Object.entries(JSON.parse(PROVIDER_MODELS[provider])));
      parsedProviders.set(provider, models);
    }
    return models;
  },
};
`;
  return registry + rest;
}

/**
 * Packages pi-ai's providers import only to send a request: they make a client before they hand the
 * request body to `onPayload`, which captures it and throws, so nothing is ever sent
 * (electron/host/payloads/payload-builder.ts). Loading them cost more than the rest of a small
 * inspection: @mistralai/mistralai 550–610 ms of CPU time, @google/genai 82–99, Bedrock's client
 * 68–71 (`node -e 0`: 47). The last two are what pi-ai's Bedrock provider loads before the body
 * when a proxy is set in the environment. The Anthropic and OpenAI SDKs, bundled, were still 137 of
 * the Anthropic provider's 158 KB and a 171 KB chunk of the OpenAI providers, compiled at every
 * start, and a client made for every part of a long payload. In the bundle, pi-ai's providers get a
 * stand-in for each
 * (SDK_STAND_INS below): what the body takes from the SDK (its enums: `ConversationRole.USER`,
 * `FunctionCallingConfigMode.AUTO`…) is the SDK's own data, read from it at build time; each class
 * is one that can be made, tested with `instanceof`, and does nothing else. A stand-in of a name
 * that is neither (a function called to build the body) would fail loudly, in the build's check of
 * pi-ai's imports or in the tests that compare the bundle's payloads with the SDKs' own.
 */
export const SDK_STAND_INS = [
  '@anthropic-ai/sdk',
  'openai',
  '@mistralai/mistralai',
  '@google/genai',
  '@aws-sdk/client-bedrock-runtime',
  '@smithy/node-http-handler',
  'proxy-agent',
];

/** A stand-in module's text for `name`, as pi-ai resolves it from `piAi` (its package folder). */
async function standInModule(piAi, name) {
  const resolved = createRequire(path.join(piAi, 'package.json')).resolve(name);
  const sdk = await import(pathToFileURL(resolved).href);
  const lines = [`// A stand-in for ${name}: its data as the SDK has it, its classes inert (scripts/node-bundle.mjs).`, 'class Inert {}'];
  // The Anthropic and OpenAI SDKs' client is their default export.
  if (typeof sdk.default === 'function') lines.push('export default class extends Inert {}');
  for (const [key, value] of Object.entries(sdk)) {
    if (key === 'default' || !/^[A-Za-z_$][\w$]*$/.test(key)) continue;
    if (typeof value === 'function') lines.push(`export class ${key} extends Inert {}`);
    else if (value !== undefined && jsonSafe(value)) lines.push(`export const ${key} = ${JSON.stringify(value)};`);
  }
  return lines.join('\n');
}

/** The esbuild plugins of a Node bundle rooted at `root` (the repository). */
export function nodeBundlePlugins(root) {
  const piAi = packageDir(root, '@mariozechner/pi-ai');
  const providers = path.join(piAi, 'dist', 'providers') + path.sep;
  const standIns = new Set(SDK_STAND_INS);
  return [
    {
      name: 'sdk-stand-ins',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          standIns.has(args.path) && args.importer.startsWith(providers) ? { path: args.path, namespace: 'sdk-stand-in' } : undefined,
        );
        b.onLoad({ filter: /.*/, namespace: 'sdk-stand-in' }, async (args) => ({
          contents: await standInModule(piAi, args.path),
          loader: 'js',
        }));
      },
    },
    {
      name: 'bundle-some-packages',
      setup(b) {
        b.onResolve({ filter: /^@mariozechner\/pi-ai$/ }, () => ({ path: 'pi-ai-entries', namespace: 'pi-ai-entries' }));
        b.onLoad({ filter: /.*/, namespace: 'pi-ai-entries' }, () => ({
          contents: Object.entries(PI_AI_ENTRIES)
            .map(([file, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(path.join(piAi, file))};`)
            .join('\n'),
          resolveDir: piAi,
          loader: 'js',
        }));
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          BUNDLED_PACKAGES.has(packageName(args.path)) ? undefined : { path: args.path, external: true },
        );
        // pi-ai imports its Bedrock provider through a variable specifier, which a bundler cannot follow:
        // named here, it becomes a lazy chunk of its own like the other providers.
        b.onLoad({ filter: /pi-ai[\\/]dist[\\/]providers[\\/]register-builtins\.js$/ }, async (args) => {
          const source = await fs.promises.readFile(args.path, 'utf8');
          const variable = 'const importNodeOnlyProvider = (specifier) => import(specifier);';
          const calls = source.match(/importNodeOnlyProvider\(/g) ?? [];
          if (!source.includes(variable) || calls.length !== 1 || !source.includes('importNodeOnlyProvider("./amazon-bedrock.js")'))
            throw new Error(`${args.path}: pi-ai's lazy Bedrock import changed; update scripts/node-bundle.mjs`);
          return {
            contents: source.replace(variable, 'const importNodeOnlyProvider = () => import("./amazon-bedrock.js");'),
            loader: 'js',
          };
        });
        // pi-ai's model catalogue is a 550 KB object literal of some thirty providers, and pi-ai's
        // registry copies all of it into maps at load; a command looks up one provider or two. In the
        // bundle each provider's models are a JSON string, parsed the first time that provider is
        // asked for (PROVIDER_MODELS in lazyModelRegistry). Checked to be the same catalogue.
        b.onLoad({ filter: /pi-ai[\\/]dist[\\/]models\.js$/ }, async (args) => {
          const source = await fs.promises.readFile(args.path, 'utf8');
          const catalogue = path.join(path.dirname(args.path), 'models.generated.js');
          const { MODELS, ...others } = await import(pathToFileURL(catalogue).href);
          if (typeof MODELS !== 'object' || Object.keys(others).length > 0 || !jsonSafe(MODELS))
            throw new Error(`${catalogue}: pi-ai's catalogue is no longer one JSON-safe MODELS export; update scripts/node-bundle.mjs`);
          return { contents: lazyModelRegistry(source, MODELS, args.path), loader: 'js' };
        });
      },
    },
  ];
}
