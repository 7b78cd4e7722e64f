import { useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Sheet } from '#web/components/ui/sheet';
import { toast } from '#web/components/ui/toast-store';
import { describeError } from '#web/lib/api-error';
import type { Session } from '#web/lib/session';
import {
  EXPORT_FORMATS,
  useClearIdeas,
  useExportIdeas,
  type ExportFormat,
} from '../api/ideas-data';

const EXPORT_LABELS: Record<ExportFormat, string> = {
  json: 'JSON',
  markdown: 'Markdown',
  csv: 'CSV',
};

export function ExportIdeas({ session }: { session: Session }) {
  const exportIdeas = useExportIdeas(session);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">Export my ideas</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        A file of every idea, to keep or to take to another app.
      </p>
      <div className="grid grid-cols-3 gap-2">
        {EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            aria-label={`Export as ${EXPORT_LABELS[format]}`}
            disabled={exportIdeas.isPending}
            // The icon sits above the name: three side by side leave "Markdown" no room for it.
            className="min-h-16 flex-col gap-1 px-2"
            onClick={() =>
              exportIdeas.mutate(format, {
                onSuccess: (fileName) =>
                  toast({ title: 'Export ready', description: fileName, durationMs: 3000 }),
                onError: (error) =>
                  toast({
                    title: 'Export Failed',
                    description: describeError(error),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Download aria-hidden className="size-5" />
            {EXPORT_LABELS[format]}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** "Clear All Ideas" for an account, "Clear My Data" for a guest; both ask first. */
export function ClearIdeas({
  session,
  freeMonthlyLimit,
}: {
  session: Session;
  freeMonthlyLimit: number | undefined;
}) {
  const [confirming, setConfirming] = useState(false);
  const clear = useClearIdeas(session);
  const label = session.isSignedIn ? 'Clear All Ideas' : 'Clear My Data';
  const limitText =
    freeMonthlyLimit === undefined
      ? 'the monthly allowance'
      : `${freeMonthlyLimit} ideas per month`;
  return (
    <>
      <Button variant="danger-outline" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden className="size-4" />
        {label}
      </Button>
      <Sheet
        open={confirming}
        onOpenChange={setConfirming}
        title={session.isSignedIn ? 'Clear all ideas?' : 'Clear your data?'}
        placement="center"
        role="alertdialog"
      >
        <div className="flex flex-col gap-4 pb-2">
          <p>
            {session.isSignedIn
              ? 'Every idea in your account will be deleted. This cannot be undone.'
              : 'Every idea saved on this device will be deleted. This cannot be undone.'}{' '}
            Ideas you already saved this month still count toward the free plan&apos;s {limitText}.
          </p>
          <div className="flex flex-col-reverse gap-3 sm:grid sm:grid-cols-2">
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button
              variant="danger"
              disabled={clear.isPending}
              onClick={() =>
                clear.mutate(undefined, {
                  onSuccess: ({ deletedCount }) => {
                    setConfirming(false);
                    toast({
                      title:
                        deletedCount === 1 ? '1 idea deleted' : `${deletedCount} ideas deleted`,
                      durationMs: 3000,
                    });
                  },
                  onError: (error) =>
                    toast({
                      title: 'Clear Failed',
                      description: describeError(error),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {label}
            </Button>
          </div>
        </div>
      </Sheet>
    </>
  );
}
