// V8's "Invalid string length" becomes a clear error that says what to do instead; other errors pass.
import { describe, expect, it } from 'vitest';
import { tooLargeAsText } from '../../../../../electron/host/inspector/too-large.js';
import { InputError } from '../../../../../electron/host/read-input.js';

describe('tooLargeAsText', () => {
  it('returns what the builder makes', () => {
    expect(tooLargeAsText('the payload', 'use the CLI', () => 'ok')).toBe('ok');
  });

  it('turns the string-length RangeError of a real oversized join into an InputError naming the thing and the way out', () => {
    const huge = () => {
      const piece = 'x'.repeat(1 << 28);
      return [piece, piece, piece].join('');
    };
    expect(() => tooLargeAsText('the replay payload', 'use the CLI', huge)).toThrow(InputError);
    expect(() => tooLargeAsText('the replay payload', 'use the CLI', huge)).toThrow(
      'the replay payload is too large to make as one text (over 512 MB): use the CLI',
    );
  });

  it('lets other errors through unchanged', () => {
    const boom = new RangeError('Maximum call stack size exceeded');
    expect(() =>
      tooLargeAsText('x', 'y', () => {
        throw boom;
      }),
    ).toThrow(boom);
  });
});
