/**
 * A checklist idea's markdown (docs/product.md: an optional title line, then one `- [ ] ` line
 * per task) read into rows to draw as checkboxes, and written back after a tick or an edit.
 *
 * Written by hand rather than with a markdown library: the app only ever has to read this one
 * line-based shape, and a CommonMark parser would add tens of kilobytes to every screen that
 * shows an idea. Lines that are not tasks are kept as they are, so nothing a person typed in
 * Edit is lost on the way back.
 */

const TASK_LINE = /^(\s*)[-*+] \[([ xX])\] ?(.*)$/;

export type ChecklistRow =
  | { kind: 'task'; text: string; done: boolean; line: number }
  | { kind: 'text'; text: string; line: number };

export interface Checklist {
  rows: ChecklistRow[];
  done: number;
  total: number;
}

export function parseChecklist(markdown: string): Checklist {
  const rows: ChecklistRow[] = [];
  let done = 0;
  let total = 0;
  markdown.split('\n').forEach((raw, line) => {
    const match = TASK_LINE.exec(raw);
    if (match) {
      const isDone = match[2] !== ' ';
      rows.push({ kind: 'task', text: (match[3] ?? '').trim(), done: isDone, line });
      total += 1;
      if (isDone) done += 1;
    } else if (raw.trim() !== '') {
      rows.push({ kind: 'text', text: raw.trim(), line });
    }
  });
  return { rows, done, total };
}

/** True when the text has at least one task line: only then is it drawn as a checklist. */
export function hasTasks(markdown: string): boolean {
  return markdown.split('\n').some((line) => TASK_LINE.test(line));
}

/** The same markdown with one task (by its line number) marked done or not done. */
export function setTaskDone(markdown: string, line: number, done: boolean): string {
  const lines = markdown.split('\n');
  const current = lines[line];
  if (current === undefined) return markdown;
  const match = TASK_LINE.exec(current);
  if (!match) return markdown;
  lines[line] = `${match[1] ?? ''}- [${done ? 'x' : ' '}] ${match[3] ?? ''}`.trimEnd();
  return lines.join('\n');
}

/** docs/product.md: a checklist's progress, as home's preview shows it ("3 of 5 done"). */
export function progressText(list: Pick<Checklist, 'done' | 'total'>): string {
  return `${list.done} of ${list.total} done`;
}

export interface ChecklistDraft {
  title: string;
  tasks: { text: string; done: boolean }[];
}

/** For the list editor: the title is the text before the first task, the rest are tasks. */
export function toDraft(markdown: string): ChecklistDraft {
  const { rows } = parseChecklist(markdown);
  const titleLines: string[] = [];
  const tasks: ChecklistDraft['tasks'] = [];
  for (const row of rows) {
    if (row.kind === 'task') tasks.push({ text: row.text, done: row.done });
    else if (tasks.length === 0) titleLines.push(row.text);
    // A note after the tasks becomes a task of its own, so it stays in the list it was in.
    else tasks.push({ text: row.text, done: false });
  }
  return { title: titleLines.join(' '), tasks };
}

/** The markdown a draft saves as: empty tasks are dropped. */
export function fromDraft(draft: ChecklistDraft): string {
  const lines: string[] = [];
  const title = draft.title.trim();
  if (title) lines.push(title);
  for (const task of draft.tasks) {
    const text = task.text.replace(/\s+/g, ' ').trim();
    if (text) lines.push(`- [${task.done ? 'x' : ' '}] ${text}`);
  }
  return lines.join('\n');
}
