/** Options of the bench modules: `--name=value` after `npm run bench --`, or an environment variable. */
import { SHAPES, type Shape } from './session-shapes.js';
import { BenchUsageError } from './usage-error.js';

/** The value of `--name=…`, else of the environment variable `env`, else `fallback`. */
export function option(args: string[], name: string, env: string, fallback: string): string {
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? process.env[env] ?? fallback;
}

/** The session shapes `--shapes=a,b` (or `env`) asks for, every one by default; an unknown name is a usage error. */
export function shapesOption(args: string[], env: string): Shape[] {
  const wanted = option(args, 'shapes', env, SHAPES.join(',')).split(',');
  const unknown = wanted.filter((s) => !(SHAPES as readonly string[]).includes(s));
  if (unknown.length) throw new BenchUsageError(`unknown shape(s) ${unknown.join(', ')} (known: ${SHAPES.join(', ')})`);
  return wanted as Shape[];
}
