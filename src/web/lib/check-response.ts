import { z } from 'zod/mini';
import * as contract from '#contract/api-schemas';
import { ResponseShapeError } from './api-error';

// zod compiles object checks with `new Function` when it can; the page's Content-Security-Policy
// forbids that, and merely probing for it logs a CSP violation in the console.
z.config({ jitless: true });

/** The shared schemas of the server's answers, by name (src/contract/api-schemas.ts). */
export type ResponseSchemas = typeof contract;
export type ResponseName = {
  [K in keyof ResponseSchemas]: ResponseSchemas[K] extends z.ZodMiniType ? K : never;
}[keyof ResponseSchemas];
export type ResponseOf<K extends ResponseName> = z.infer<ResponseSchemas[K]>;

/**
 * Checks an answer against the schema the server serialised it with, so a screen only ever
 * reads fields that are there. Throws ResponseShapeError naming the first field that is wrong.
 * Loaded on demand, beside the first request (api-client.ts), to keep zod off the page budget.
 */
export function checkResponse<K extends ResponseName>(
  name: K,
  value: unknown,
  url: string,
): ResponseOf<K> {
  // TypeScript cannot tie contract[name] to ResponseOf<name>; the schema is that type's source.
  const schema: z.ZodMiniType = contract[name];
  const result = schema.safeParse(value);
  if (result.success) return result.data as ResponseOf<K>;
  const [issue] = result.error.issues;
  throw new ResponseShapeError(url, issue ? issue.path.map(String).join('.') : '');
}
