/** The one numbering: `turn #N` for transcript turns, `key[N]` for payload positions, never a bare "#N". */
import { describe, expect, it } from 'vitest';
import { positionLabel, replayTurnLabel, turnLabel, turnMapping, turnsLabel } from '../../../../shared/text/numbering.js';
import { turnIndexText } from '../../../../renderer/components/turn-list.js';

describe('numbering', () => {
  it('names turns, replay turns and payload positions', () => {
    expect(turnLabel(12)).toBe('turn #12');
    expect(replayTurnLabel(11)).toBe('replay turn #11');
    expect(positionLabel('input', 40)).toBe('input[40]');
    expect(positionLabel('messages', 40, 42)).toBe('messages[40–42]');
  });

  it('lists turns in words, cut after max', () => {
    expect(turnsLabel([])).toBe('');
    expect(turnsLabel([3])).toBe('turn #3');
    expect(turnsLabel([3, 5, 9])).toBe('turn #3, turn #5 and turn #9');
    expect(turnsLabel([1, 2, 3, 4], 2)).toBe('turn #1, turn #2, … (2 more)');
  });

  it('maps an annotation’s turn to the replay turn it became', () => {
    expect(turnMapping(4, 4)).toBe('turn #4');
    expect(turnMapping(4, 3)).toBe('turn #4 → replay turn #3');
    expect(turnMapping(4, null)).toBe('turn #4 → dropped');
    expect(turnMapping(null, 7)).toBe('new, replay turn #7');
    expect(turnMapping(null, null)).toBe('no turn');
  });

  it('numbers turn-list rows by the session’s turn on both sides', () => {
    expect(turnIndexText({ index: 5, turn: 5 }, 'original')).toEqual({ label: 'turn #5' });
    expect(turnIndexText({ index: 4, turn: 6 }, 'replay')).toEqual({
      label: 'turn #6',
      title: "replay turn #4: the replay's place of turn #6 of the session",
    });
    expect(turnIndexText({ index: 4, turn: null }, 'replay').label).toBe('replay turn #4');
    for (const text of [turnMapping(1, 2), turnsLabel([1, 2, 3]), turnIndexText({ index: 4, turn: 6 }, 'replay').title!])
      expect(text.replace(/turn #\d+/g, '')).not.toMatch(/#\d/);
  });
});
