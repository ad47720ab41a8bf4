/** Options of the bench modules: `--name=value` after `npm run bench --`, or an environment variable. */
import { PI_WRITTEN_SHAPES, type PiWrittenShape } from './pi-written.js';
import { ADVERSARIAL_SHAPES, SHAPES, type Shape } from './session-shapes.js';
import { BenchUsageError } from './usage-error.js';

/** The value of `--name=…`, else of the environment variable `env`, else `fallback`. */
export function option(args: string[], name: string, env: string, fallback: string): string {
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? process.env[env] ?? fallback;
}

/** Names that stand for several shapes in `--shapes=`. */
const SHAPE_GROUPS: Record<string, readonly (Shape | PiWrittenShape)[]> = {
  generated: SHAPES,
  'pi-written': PI_WRITTEN_SHAPES,
  adversarial: ADVERSARIAL_SHAPES,
  all: [...SHAPES, ...PI_WRITTEN_SHAPES],
};

/**
 * The session shapes `--shapes=a,b` (or `env`) asks for: shape names, or a group's (`generated`, the
 * eight generated shapes; `pi-written`, the sessions pi wrote, repeated; `all`, those thirteen;
 * `adversarial`, shapes that would make a pass quadratic), `fallback` when neither is given. An
 * unknown name is a usage error.
 */
export function shapesOption(args: string[], env: string, fallback = 'generated'): (Shape | PiWrittenShape)[] {
  const known: readonly string[] = [...SHAPES, ...PI_WRITTEN_SHAPES, ...ADVERSARIAL_SHAPES];
  const wanted = option(args, 'shapes', env, fallback)
    .split(',')
    .flatMap((name) => SHAPE_GROUPS[name] ?? [name]);
  const unknown = wanted.filter((s) => !known.includes(s));
  if (unknown.length)
    throw new BenchUsageError(
      `unknown shape(s) ${unknown.join(', ')} (known: ${known.join(', ')}; groups: ${Object.keys(SHAPE_GROUPS).join(', ')})`,
    );
  return [...new Set(wanted)] as (Shape | PiWrittenShape)[];
}
