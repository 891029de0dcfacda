import { formatAnswerConditions, parseAnswerConditions } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import { filterBody, filterFromParams, hasFilterBeyondStage, withFilter } from './filters';

describe('the filter in the address', () => {
  it('reads the contract fields (stage as `stage`) and writes them back, keeping other parameters', () => {
    const params = new URLSearchParams('opening=o1&stage=s1&q=asha&answers=track%3Dfe&view=board&application=a1');
    const filter = filterFromParams(params);
    expect(filter).toEqual({ stageId: 's1', q: 'asha', answers: 'track=fe' });
    expect(hasFilterBeyondStage(filter)).toBe(true);
    expect(hasFilterBeyondStage({ stageId: 's1' })).toBe(false);
    const next = withFilter(params, { ...filter, q: undefined, minGrade: '7.5' });
    expect(next.get('opening')).toBe('o1');
    expect(next.get('view')).toBe('board');
    expect(next.get('stage')).toBe('s1');
    expect(next.has('q')).toBe(false);
    expect(next.get('minGrade')).toBe('7.5');
    expect(filterBody({ q: '', degree: 'B.Tech' })).toEqual({ degree: 'B.Tech' });
  });

  it('answer conditions survive the round trip through text', () => {
    const text = 'track=fe|be;years=2..;score=..9.5';
    const conditions = parseAnswerConditions(text);
    expect(conditions).toEqual([
      { fieldId: 'track', kind: 'choice', optionIds: ['fe', 'be'] },
      { fieldId: 'years', kind: 'range', min: 2, max: null },
      { fieldId: 'score', kind: 'range', min: null, max: 9.5 },
    ]);
    expect(formatAnswerConditions(conditions ?? [])).toBe(text);
    expect(parseAnswerConditions('track')).toBeNull();
    expect(parseAnswerConditions('years=..')).toBeNull();
  });
});
