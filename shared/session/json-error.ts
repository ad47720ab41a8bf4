/**
 * Locating and explaining a JSON syntax error the same way in every JavaScript engine.
 *
 * `JSON.parse` messages differ between engines and versions; support staff need "where" and "why",
 * so a failing line is re-scanned by this small validator, which stops at the first error.
 */

/** What kind of JSON error was found. */
export type JsonErrorKind = 'truncated' | 'unexpected' | 'trailing' | 'bad-escape' | 'control-char' | 'empty';

/** The first error of a JSON text: its offset and kind. */
export interface JsonErrorLocation {
  offset: number;
  kind: JsonErrorKind;
  /** What the scanner expected at `offset` ("a value", "\",\" or \"}\""…). */
  expected: string;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

type Frame = { kind: 'object' | 'array'; state: 'start' | 'key' | 'colon' | 'value' | 'comma' };

/**
 * The validator: an iterative parser with an explicit stack, so deeply nested garbage cannot overflow
 * the call stack. `i` is the scan position; every method returns the first error, or null.
 */
class JsonScanner {
  private i = 0;
  private readonly n: number;
  private readonly stack: Frame[] = [];

  constructor(private readonly text: string) {
    this.n = text.length;
  }

  run(): JsonErrorLocation | null {
    this.skipWs();
    if (this.i >= this.n) return { offset: 0, kind: 'empty', expected: 'a value' };
    const e = this.scanValue();
    if (e) return e;
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1];
      this.skipWs();
      if (this.i >= this.n) return this.err('truncated', top.kind === 'object' ? '"}"' : '"]"');
      const step = top.kind === 'array' ? this.arrayStep(top) : this.objectStep(top);
      if (step) return step;
    }
    this.skipWs();
    if (this.i < this.n) return this.err('trailing', 'the end of the line');
    return null;
  }

  private skipWs(): void {
    while (this.i < this.n && WS.has(this.text.charCodeAt(this.i))) this.i += 1;
  }

  private err(kind: JsonErrorKind, expected: string): JsonErrorLocation {
    return {
      offset: Math.min(this.i, this.n),
      kind: this.i >= this.n && kind === 'unexpected' ? 'truncated' : kind,
      expected,
    };
  }

  /** One step inside an array: its end, the next value, or the comma between two. */
  private arrayStep(top: Frame): JsonErrorLocation | null {
    const c = this.text[this.i];
    if (top.state === 'start' && c === ']') {
      this.i += 1;
      this.stack.pop();
      return null;
    }
    if (top.state === 'start' || top.state === 'comma') {
      top.state = 'value';
      return this.scanValue();
    }
    // after a value
    if (c === ',') {
      this.i += 1;
      top.state = 'comma';
      return null;
    }
    if (c === ']') {
      this.i += 1;
      this.stack.pop();
      return null;
    }
    return this.err('unexpected', '"," or "]"');
  }

  /** One step inside an object: its end, a key, the colon and value after it, or the comma between two. */
  private objectStep(top: Frame): JsonErrorLocation | null {
    const c = this.text[this.i];
    if (top.state === 'start' && c === '}') {
      this.i += 1;
      this.stack.pop();
      return null;
    }
    if (top.state === 'start' || top.state === 'comma') {
      if (c !== '"') return this.err('unexpected', 'a property name in double quotes');
      const e = this.scanString();
      if (e) return e;
      top.state = 'key';
      return null;
    }
    if (top.state === 'key') {
      if (c !== ':') return this.err('unexpected', '":"');
      this.i += 1;
      top.state = 'value';
      const e = this.scanValue();
      if (e) return e;
      top.state = 'colon';
      return null;
    }
    // state 'colon' means: a value was read, expect , or }
    if (c === ',') {
      this.i += 1;
      top.state = 'comma';
      return null;
    }
    if (c === '}') {
      this.i += 1;
      this.stack.pop();
      return null;
    }
    return this.err('unexpected', '"," or "}"');
  }

  private scanString(): JsonErrorLocation | null {
    const { text, n } = this;
    this.i += 1; // opening quote
    while (this.i < n) {
      const i = this.i;
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        this.i += 1;
        return null;
      }
      if (c === 0x5c) {
        const e = text.charCodeAt(i + 1);
        if (i + 1 >= n) {
          this.i = n;
          return this.err('truncated', 'the rest of the string');
        }
        if (e === 0x75) {
          for (let k = 2; k < 6; k += 1) {
            if (i + k >= n) {
              this.i = n;
              return this.err('truncated', 'the rest of the string');
            }
            if (!/[0-9a-fA-F]/.test(text[i + k])) {
              this.i += k;
              return this.err('bad-escape', 'a hexadecimal digit of a \\u escape');
            }
          }
          this.i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i + 1])) {
          this.i += 1;
          return this.err('bad-escape', 'a valid escape after "\\"');
        }
        this.i += 2;
        continue;
      }
      if (c < 0x20) return this.err('control-char', 'a printable character (raw control characters must be escaped)');
      this.i += 1;
    }
    return this.err('truncated', 'the closing quote of a string');
  }

  private scanNumber(): JsonErrorLocation | null {
    const { text, n, i } = this;
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '-' || m[0].length === 0) return this.err('unexpected', 'a value');
    const after = i + m[0].length;
    // A number cut at the end of input ("1." or "1e") is truncation, not garbage.
    if (after < n && /[.eE+-]/.test(text[after])) {
      this.i = after;
      return this.err(after + 1 >= n ? 'truncated' : 'unexpected', 'a digit');
    }
    this.i = after;
    return null;
  }

  private scanLiteral(word: string): JsonErrorLocation | null {
    const { text, n, i } = this;
    for (let k = 0; k < word.length; k += 1) {
      if (i + k >= n) {
        this.i = n;
        return this.err('truncated', `the rest of "${word}"`);
      }
      if (text[i + k] !== word[k]) {
        this.i += k;
        return this.err('unexpected', `"${word}"`);
      }
    }
    this.i += word.length;
    return null;
  }

  /** Scan a value start; pushes a frame for containers. */
  private scanValue(): JsonErrorLocation | null {
    this.skipWs();
    if (this.i >= this.n) return this.err('truncated', 'a value');
    const c = this.text[this.i];
    if (c === '{' || c === '[') {
      this.i += 1;
      this.stack.push({ kind: c === '{' ? 'object' : 'array', state: 'start' });
      return null;
    }
    if (c === '"') return this.scanString();
    if (c === 't') return this.scanLiteral('true');
    if (c === 'f') return this.scanLiteral('false');
    if (c === 'n') return this.scanLiteral('null');
    if (c === '-' || (c >= '0' && c <= '9')) return this.scanNumber();
    return this.err('unexpected', 'a value');
  }
}

/** Scan `text` as one JSON value; return the first error, or null when it is valid JSON. */
export function locateJsonError(text: string): JsonErrorLocation | null {
  return new JsonScanner(text).run();
}

/** A short, printable rendering of the character at an offset. */
export function describeCharAt(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the line';
  const code = text.codePointAt(offset) ?? 0;
  if (code === 0) return 'a NUL byte';
  if (code === 0xfffd) return 'an invalid UTF-8 byte';
  if (code < 0x20 || code === 0x7f) return `control character 0x${code.toString(16).padStart(2, '0')}`;
  const ch = String.fromCodePoint(code);
  return `"${ch}"`;
}
