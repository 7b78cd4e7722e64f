import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Idea } from '#contract/api-schemas';
import { toast } from '#web/components/ui/toast-store';
import { describeError } from '#web/lib/api-error';
import type { Session } from '#web/lib/session';
import { deleteWithUndo } from '../api/delete-later';
import { pendingContent } from '../api/edit-queue';
import { useTickTask } from '../hooks/use-tick-task';
import {
  createShareLink,
  revokeShareLink,
  useReformatIdea,
  useUpdateIdea,
} from '../api/idea-changes';
import { EditIdeaDialog } from './edit-idea-dialog';
import { IdeaDetailSheet } from './idea-detail-sheet';
import { RecordingPanel } from './recording-panel';

export interface IdeaSheetsProps {
  idea: Idea;
  session: Session;
  onClose: () => void;
}

/** The detail sheet and its edit dialog, wired to the update, reformat and delete calls. */
export function IdeaSheets({ idea: initial, session, onClose }: IdeaSheetsProps) {
  // A tick kept on this device while offline shows over the server's older text.
  const [idea, setIdea] = useState(() => {
    const kept = pendingContent(session.owner, initial.id);
    return kept === null ? initial : { ...initial, content: kept };
  });
  const onToggleTask = useTickTask(session, idea, setIdea);
  const [editing, setEditing] = useState(false);
  const updateIdea = useUpdateIdea(session);
  const client = useQueryClient();
  const reformatIdea = useReformatIdea(session);

  return (
    <>
      <IdeaDetailSheet
        idea={idea}
        open={!editing}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        onEdit={() => setEditing(true)}
        onToggleTask={onToggleTask}
        recording={
          idea.recordingId ? (
            <RecordingPanel
              idea={{ ...idea, recordingId: idea.recordingId }}
              signedIn={session.isSignedIn}
              onAccept={async (content, transcript) => {
                try {
                  setIdea(await updateIdea.mutateAsync({ id: idea.id, content, transcript }));
                  toast({ title: 'Idea updated', variant: 'success', durationMs: 2000 });
                } catch (error) {
                  toast({
                    title: 'Update Failed',
                    description: describeError(error),
                    variant: 'destructive',
                  });
                  throw error;
                }
              }}
            />
          ) : null
        }
        onReformat={async (choice) => {
          const reformatted = await reformatIdea.mutateAsync({ id: idea.id, ...choice });
          setIdea(reformatted);
          toast({ title: 'Idea reformatted', variant: 'success', durationMs: 2000 });
        }}
        onShareLink={() =>
          createShareLink(session, idea.id).catch((error: unknown) => {
            toast({
              title: 'Could not make a link',
              description: describeError(error),
              variant: 'destructive',
            });
            throw error;
          })
        }
        onStopSharing={() =>
          revokeShareLink(session, idea.id).then(
            () => {
              toast({ title: 'Link stopped', variant: 'success', durationMs: 2000 });
            },
            (error: unknown) => {
              toast({
                title: 'Could not stop the link',
                description: describeError(error),
                variant: 'destructive',
              });
              throw error;
            },
          )
        }
        onDelete={async () => {
          deleteWithUndo(client, session, idea);
          onClose();
        }}
      />
      {editing ? (
        <EditIdeaDialog
          idea={idea}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(false);
          }}
          onSave={async (content) => {
            try {
              const updated = await updateIdea.mutateAsync({ id: idea.id, content });
              setIdea(updated);
              toast({ title: 'Idea updated', variant: 'success', durationMs: 2000 });
            } catch (error) {
              toast({
                title: 'Update Failed',
                description: describeError(error),
                variant: 'destructive',
              });
              throw error;
            }
          }}
        />
      ) : null}
    </>
  );
}
