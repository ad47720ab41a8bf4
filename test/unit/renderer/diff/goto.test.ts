// "Go to": turns and payload positions as users type them and as provider errors quote them.
import { describe, expect, it } from 'vitest';
import { parseGoto } from '../../../../renderer/diff/goto.js';

describe('parseGoto', () => {
  it.each(['turn #12', 'turn 12', '#12', '12', ' Turn #12 '])('%s is turn #12', (text) => {
    expect(parseGoto(text)).toEqual({ kind: 'turn', turn: 12 });
  });

  it('reads payload positions in each provider’s words, with the path inside the entry', () => {
    expect(parseGoto('messages[12]')).toEqual({ kind: 'entry', side: null, key: 'messages', index: 12, rest: [] });
    expect(parseGoto('input[7].content[1].text')).toEqual({
      kind: 'entry',
      side: null,
      key: 'input',
      index: 7,
      rest: ['content', 1, 'text'],
    });
    expect(parseGoto('contents.5')).toEqual({ kind: 'entry', side: null, key: 'contents', index: 5, rest: [] });
  });

  it('takes the position from a pasted provider error, and a side when one is named', () => {
    expect(parseGoto('messages.41.content.1: unexpected `tool_use_id` found in `tool_result` blocks')).toEqual({
      kind: 'entry',
      side: null,
      key: 'messages',
      index: 41,
      rest: ['content', 1],
    });
    expect(parseGoto('original input[38]')).toMatchObject({ kind: 'entry', side: 'original', index: 38 });
    expect(parseGoto('replay: messages[3]')).toMatchObject({ kind: 'entry', side: 'replay', index: 3 });
  });

  it('says what it understands when it cannot read the text', () => {
    expect(parseGoto('')).toMatchObject({ kind: 'error' });
    expect(parseGoto('somewhere')).toEqual({
      kind: 'error',
      message:
        '“somewhere” is not a turn or a payload position. Type a turn (turn #12, #12) or a payload position (messages[12], input[7].content[1], contents.5).',
    });
    expect(parseGoto('model.name')).toMatchObject({ kind: 'error', message: expect.stringContaining('model.name names no list entry') });
  });
});
