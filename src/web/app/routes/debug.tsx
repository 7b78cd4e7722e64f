import { Link } from 'wouter';
import { setDeveloperDetails, useDeveloperDetails } from '../../lib/developer-details';
import { routePaths } from '../../lib/paths';
import { useServerConfig } from '../../lib/server-config';
import { AppShell } from '../app-shell';

/**
 * For developers and the server's operator, never linked from a person's screens: what this
 * server can do, and the setting that shows the formatter's details in the result sheet.
 */
export default function DebugRoute() {
  const config = useServerConfig();
  const developer = useDeveloperDetails();
  const facts: [string, string][] = config.data
    ? [
        ['Version', config.data.version],
        [
          'Transcription',
          config.data.transcription.available ? config.data.transcription.engine : 'none',
        ],
        ['Language model', config.data.formatter.smart ? 'configured' : 'none (rules only)'],
        ['Billing', config.data.billing.enabled ? 'on' : 'off'],
        ['Free ideas a month', String(config.data.freeMonthlyLimit)],
      ]
    : [];
  return (
    <AppShell title="Debug">
      <div className="rounded-xl border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 font-medium">
          <input
            type="checkbox"
            aria-describedby="developer-details-hint"
            checked={developer}
            onChange={(event) => setDeveloperDetails(event.target.checked)}
            className="focus-ring size-6 shrink-0 accent-zinc-900 dark:accent-zinc-50"
          />
          Developer details
        </label>
        <p
          id="developer-details-hint"
          className="px-2 pb-2 text-sm text-zinc-600 dark:text-zinc-300"
        >
          The result sheet shows the formatter&apos;s path, mode and notes.
        </p>
      </div>
      <h2 className="mt-6 mb-2 font-semibold">This server</h2>
      {config.isError ? (
        <p role="alert" className="text-rose-700 dark:text-rose-300">
          The server&apos;s setup could not be read.
        </p>
      ) : (
        <dl className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {facts.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-zinc-600 dark:text-zinc-300">{label}</dt>
              <dd className="font-mono">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Link
        href={routePaths.debugViewport}
        className="focus-ring mt-4 inline-flex min-h-11 items-center font-medium text-sky-700 underline dark:text-sky-300"
      >
        Viewport
      </Link>
    </AppShell>
  );
}
