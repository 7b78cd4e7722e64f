import { describe, expect, it } from 'vitest';
import {
  fromDraft,
  hasTasks,
  parseChecklist,
  progressText,
  setTaskDone,
  toDraft,
} from './checklist.js';

const LIST =
  'Chores\n- [ ] Pick up the dry cleaning\n- [x] Call mom about Sunday\n- [ ] Book the dentist';

describe('a checklist idea', () => {
  it('reads its title and its tasks, done or not', () => {
    const list = parseChecklist(LIST);
    expect(list.rows).toEqual([
      { kind: 'text', text: 'Chores', line: 0 },
      { kind: 'task', text: 'Pick up the dry cleaning', done: false, line: 1 },
      { kind: 'task', text: 'Call mom about Sunday', done: true, line: 2 },
      { kind: 'task', text: 'Book the dentist', done: false, line: 3 },
    ]);
    expect(progressText(list)).toBe('1 of 3 done');
  });

  it('is drawn as a checklist only when it has a task line', () => {
    expect(hasTasks(LIST)).toBe(true);
    expect(hasTasks('Shipped the beta! - [ ] is how you write a box')).toBe(false);
    expect(hasTasks('* [X] Done in another bullet')).toBe(true);
  });

  it('ticks and unticks one task and leaves every other line as it was', () => {
    const ticked = setTaskDone(LIST, 1, true);
    expect(ticked).toBe(LIST.replace('- [ ] Pick', '- [x] Pick'));
    expect(setTaskDone(ticked, 1, false)).toBe(LIST);
    expect(setTaskDone(LIST, 0, true)).toBe(LIST);
    expect(setTaskDone(LIST, 9, true)).toBe(LIST);
  });

  it('goes to the list editor and back unchanged', () => {
    expect(fromDraft(toDraft(LIST))).toBe(LIST);
  });

  it('keeps a note written after the tasks, as a task, and drops empty tasks', () => {
    const draft = toDraft('Trip\n- [ ] Pack\nand the charger');
    expect(draft.tasks).toEqual([
      { text: 'Pack', done: false },
      { text: 'and the charger', done: false },
    ]);
    expect(
      fromDraft({ title: ' Trip ', tasks: [...draft.tasks, { text: '  ', done: false }] }),
    ).toBe('Trip\n- [ ] Pack\n- [ ] and the charger');
  });
});
