// A dedicated worker the boot script starts before the first paint. The first Intl formatter a page
// builds loads the ICU locale and time-zone data, once for the whole renderer process: 60 to 180 ms
// on this machine, inside the React render that first shows a date (the usage bar's renewal date),
// one task no scheduler can split. Built here, on a thread of its own while the app's modules
// download, it leaves the render's formatters a fraction of a millisecond
// (docs/lab-notes/2026-11-web-app-blocking-time.md; ADR 062). Same calls as the app, so the same
// data is loaded.
import { renewsOnText } from '../features/usage/usage-bar-look';
import { relativeTime } from '../features/ideas/relative-time';

const now = new Date();
renewsOnText(now.toISOString());
relativeTime(new Date(now.getTime() - 3_600_000).toISOString(), now);
close();
