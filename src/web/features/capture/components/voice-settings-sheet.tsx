import { useEffect, useId, useState } from 'react';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  FORMATS,
  FORMAT_COLORS,
  FORMAT_LABELS,
  type Category,
  type Format,
} from '#contract/taxonomy';
import { Choice } from '#web/components/ui/choice';
import { Sheet } from '#web/components/ui/sheet';
import { cn } from '#web/components/ui/cn';
import { whereSpeechIsHeard } from '../browser-speech';
import { updateSpeechPreferences, type SpeechEngine, type SpeechSetup } from '../speech-engine';
import { updateVoiceSettings, type VoiceSettings } from '../voice-settings';
import { WRITER_LABELS, whoHears, whoWrites } from '../speech-privacy';
import type { WriterEngineName } from '#contract/api-schemas';
import { updateKeepRecordings, useKeepRecordings } from '../keep-recordings';
import {
  SPOKEN_LANGUAGES,
  SPOKEN_LANGUAGE_LABELS,
  speechLang,
  updateSpokenLanguage,
  useSpokenLanguage,
  type SpokenLanguageChoice,
} from '../spoken-language';

export interface VoiceSettingsSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: VoiceSettings;
  speech: SpeechSetup;
  /** The server's writer, once `/api/config` has answered. */
  writer?: WriterEngineName | undefined;
}

const ENGINES: readonly SpeechEngine[] = ['server', 'browser'];
const ENGINE_LABELS: Record<SpeechEngine, string> = {
  server: 'This server',
  browser: 'This browser',
};

const VOICE_COMMAND_EXAMPLES = [
  'Make this a tweet about productivity',
  'Create a checklist for my morning routine',
  'Turn this into a creative pitch',
];

/** Each language's name is marked as that language, so a screen reader says it as it is said. */
const SPOKEN_LANGUAGE_TAGS = Object.fromEntries(
  SPOKEN_LANGUAGES.map((choice) => [choice, choice === 'browser' ? 'en' : choice]),
) as Record<SpokenLanguageChoice, string>;

/** docs/product.md, "The spoken language": what the person speaks, the browser's unless picked. */
function SpokenLanguageChoiceSection() {
  const language = useSpokenLanguage();
  return (
    <div data-testid="spoken-language">
      <Choice<SpokenLanguageChoice>
        legend="Language spoken"
        options={SPOKEN_LANGUAGES}
        labels={SPOKEN_LANGUAGE_LABELS}
        langs={SPOKEN_LANGUAGE_TAGS}
        value={language}
        onChange={updateSpokenLanguage}
      />
    </div>
  );
}

function SpeechSection({ speech }: { speech: SpeechSetup }) {
  const [heardOnDevice, setHeardOnDevice] = useState(false);
  const previewLabel = useId();
  const previewNote = useId();
  const language = useSpokenLanguage();
  useEffect(() => {
    if (!speech.browserAvailable) return;
    let current = true;
    void whereSpeechIsHeard(speechLang(language, navigator.language)).then((where) => {
      if (current) setHeardOnDevice(where === 'device');
    });
    return () => {
      current = false;
    };
  }, [speech.browserAvailable, language]);
  if (!speech.engine) return null;
  const bothPossible = speech.serverAvailable && speech.browserAvailable;
  const previewPossible = speech.engine === 'server' && speech.previewAvailable;
  return (
    <section className="space-y-3" data-testid="speech-engine">
      {bothPossible ? (
        <Choice<SpeechEngine>
          legend="Speech to text by"
          options={ENGINES}
          labels={ENGINE_LABELS}
          value={speech.engine}
          onChange={(engine) => updateSpeechPreferences({ engine })}
        />
      ) : (
        <h3 className="font-semibold">
          Speech to text by {ENGINE_LABELS[speech.engine].toLowerCase()}
        </h3>
      )}
      <p className="text-sm text-zinc-700 dark:text-zinc-200" data-testid="speech-privacy">
        {whoHears(speech, heardOnDevice)}
      </p>
      {previewPossible ? (
        <button
          type="button"
          role="switch"
          aria-checked={speech.livePreview}
          aria-labelledby={previewLabel}
          aria-describedby={previewNote}
          onClick={() => updateSpeechPreferences({ livePreview: !speech.livePreview })}
          className="focus-ring flex min-h-12 w-full items-center gap-3 rounded-xl border-2 border-zinc-200 px-3 py-2 text-left dark:border-zinc-700"
        >
          <span className="min-w-0 flex-1">
            <span id={previewLabel} className="block font-medium">
              Show my words as I speak
            </span>
            <span id={previewNote} className="block text-sm text-zinc-700 dark:text-zinc-200">
              {heardOnDevice
                ? 'Your browser listens too, on this device.'
                : "Your browser listens too, through its maker's speech service."}{' '}
              This server&apos;s transcript is the one used.
            </span>
          </span>
          <span
            aria-hidden
            className={cn(
              'relative h-7 w-12 shrink-0 rounded-full transition-colors',
              speech.livePreview ? 'bg-zinc-900 dark:bg-zinc-50' : 'bg-zinc-400 dark:bg-zinc-500',
            )}
          >
            <span
              className={cn(
                'absolute top-1 size-5 rounded-full bg-white transition-transform dark:bg-zinc-900',
                speech.livePreview ? 'translate-x-6' : 'translate-x-1',
              )}
            />
          </span>
        </button>
      ) : null}
    </section>
  );
}

/** docs/product.md, Voice Settings: whether the audio stays with its idea once transcribed. */
function KeepRecordingsSwitch() {
  const keep = useKeepRecordings();
  const label = useId();
  const note = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={keep}
      aria-labelledby={label}
      aria-describedby={note}
      data-testid="keep-recordings"
      onClick={() => updateKeepRecordings(!keep)}
      className="focus-ring flex min-h-12 w-full items-center gap-3 rounded-xl border-2 border-zinc-200 px-3 py-2 text-left dark:border-zinc-700"
    >
      <span className="min-w-0 flex-1">
        <span id={label} className="block font-medium">
          Keep recordings
        </span>
        <span id={note} className="block text-sm text-zinc-700 dark:text-zinc-200">
          {keep
            ? 'The audio stays with its idea, to play or transcribe again, until you delete it.'
            : 'The audio is deleted as soon as it is transcribed; only the text is kept.'}
        </span>
      </span>
      <span
        aria-hidden
        className={cn(
          'relative h-7 w-12 shrink-0 rounded-full transition-colors',
          keep ? 'bg-zinc-900 dark:bg-zinc-50' : 'bg-zinc-400 dark:bg-zinc-500',
        )}
      >
        <span
          className={cn(
            'absolute top-1 size-5 rounded-full bg-white transition-transform dark:bg-zinc-900',
            keep ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </span>
    </button>
  );
}

export function VoiceSettingsSheet({
  open,
  onOpenChange,
  settings,
  speech,
  writer,
}: VoiceSettingsSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Voice Settings" testId="voice-settings">
      <div className="space-y-5">
        <Choice<Format>
          legend="Format"
          options={FORMATS}
          labels={FORMAT_LABELS}
          colors={FORMAT_COLORS}
          value={settings.format}
          onChange={(format) => updateVoiceSettings({ format })}
        />
        <Choice<Category>
          legend="Category"
          options={CATEGORIES}
          labels={CATEGORY_LABELS}
          value={settings.category}
          onChange={(category) => updateVoiceSettings({ category })}
        />
        <SpokenLanguageChoiceSection />
        <SpeechSection speech={speech} />
        {speech.serverAvailable ? <KeepRecordingsSwitch /> : null}
        {writer ? (
          <section className="space-y-1" data-testid="writer-engine">
            <h3 className="font-semibold">Written by {WRITER_LABELS[writer]}</h3>
            <p className="text-sm text-zinc-700 dark:text-zinc-200" data-testid="writer-privacy">
              {whoWrites(writer)}
            </p>
          </section>
        ) : null}
        <section className="rounded-2xl bg-zinc-100 p-4 dark:bg-zinc-800">
          <h3 className="font-semibold">Voice Commands</h3>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
            Or just say it as you start recording:
          </p>
          <ul className="mt-2 space-y-1.5">
            {VOICE_COMMAND_EXAMPLES.map((example) => (
              <li key={example} className="text-sm italic">
                &ldquo;{example}&rdquo;
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Sheet>
  );
}
