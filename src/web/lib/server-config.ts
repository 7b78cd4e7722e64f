import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '#contract/api-schemas';
import { apiRequest } from './api-client';
import { apiPaths } from './paths';
import { queryKeys } from './query-client';

export function fetchServerConfig(): Promise<AppConfig> {
  return apiRequest('ConfigSchema', 'GET', apiPaths.config);
}

/**
 * What this server can do never changes while it runs, so it is asked once per page load; a 503
 * from transcription (the server restarted without an engine) asks again (use-capture.ts).
 */
export const serverConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: fetchServerConfig,
  staleTime: Infinity,
});

export function useServerConfig() {
  return useQuery(serverConfigQuery);
}

/**
 * Whether recording can lead anywhere: false only when the server said it has no engine. While
 * the answer is unknown (loading, or the request failed) the app records as it always did.
 */
export function voiceTranscriptionAvailable(config: AppConfig | undefined): boolean {
  return config?.transcription.available ?? true;
}
