import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest, throwIfNotOk } from '#web/lib/api-client';
import { apiPaths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-client';
import type { Session } from '#web/lib/session';

export const EXPORT_FORMATS = ['json', 'markdown', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const FALLBACK_FILE_NAMES: Record<ExportFormat, string> = {
  json: 'voice-ideas.json',
  markdown: 'voice-ideas.md',
  csv: 'voice-ideas.csv',
};

/** The server names the file; a name that could climb folders or hide an extension is not used. */
export function fileNameFrom(disposition: string | null, format: ExportFormat): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  const name = match?.[1];
  return name && /^[\w.-]{1,100}$/.test(name) ? name : FALLBACK_FILE_NAMES[format];
}

/**
 * Fetched rather than linked: a guest's export is chosen by the X-Guest-Id header, which a plain
 * link cannot send. The file is handed to the browser as a download from memory.
 */
export async function downloadExport(
  session: Pick<Session, 'isSignedIn'>,
  format: ExportFormat,
): Promise<string> {
  const base = session.isSignedIn ? apiPaths.ideasExport : apiPaths.guestIdeasExport;
  const response = await apiFetch('GET', `${base}?format=${format}`);
  await throwIfNotOk(response);
  const fileName = fileNameFrom(response.headers.get('Content-Disposition'), format);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled: the download keeps its own copy.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return fileName;
}

export function useExportIdeas(session: Session) {
  return useMutation({ mutationFn: (format: ExportFormat) => downloadExport(session, format) });
}

/**
 * docs/product.md, Profile: a signed-in person clears all their ideas; a guest clears their data.
 * Either way the month's usage stays (clearing is no way around the quota).
 */
export function useClearIdeas(session: Session) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      session.isSignedIn
        ? apiRequest('DeletedCountSchema', 'DELETE', apiPaths.ideasAll)
        : apiRequest('DeletedCountSchema', 'DELETE', apiPaths.guestData),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...queryKeys.ideas, session.owner] });
    },
  });
}
