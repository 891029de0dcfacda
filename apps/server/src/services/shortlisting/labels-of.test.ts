import { describe, expect, it } from 'vitest';
import { labelOf } from './ranking';

const taskId = '00000000-0000-4000-8000-000000000001';
const label = (title: string, removed = false) =>
  labelOf({ kind: 'videoScore', taskId, weight: 1 }, [], [], [{ id: taskId, title, removed }]);

/** Issue 40: a task called "Intro video" is not "Intro video video score". */
describe('the video score criterion label', () => {
  it('says "video" once', () => {
    expect(label('Intro video')).toBe('Intro video score');
    expect(label('Intro Video ')).toBe('Intro Video score');
    expect(label('Pitch your project')).toBe('Pitch your project video score');
    expect(label('Videography sample')).toBe('Videography sample video score');
    expect(label('Intro video', true)).toBe('Intro video score (task removed)');
  });
});
