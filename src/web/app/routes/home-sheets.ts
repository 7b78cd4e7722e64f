/** The home screen's dialogs, loaded on demand so `/` stays inside its JavaScript budget. */
export function preloadHomeSheets() {
  return Promise.all([]);
}
