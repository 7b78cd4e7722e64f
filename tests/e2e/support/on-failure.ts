import { beforeEach } from 'vitest';
import { reportOpenPages } from './browser';

// A browser journey that fails on CI leaves only its log behind: say what the browser showed.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => reportOpenPages(task.name));
});
