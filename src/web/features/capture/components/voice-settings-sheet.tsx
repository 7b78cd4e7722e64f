import { Check } from 'lucide-react';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  FORMATS,
  FORMAT_COLORS,
  FORMAT_LABELS,
  type Category,
  type Format,
} from '../../../../core/taxonomy';
import { Sheet } from '../../../components/ui/sheet';
import { cn } from '../../../components/ui/cn';
import { updateVoiceSettings, type VoiceSettings } from '../voice-settings';

export interface VoiceSettingsSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: VoiceSettings;
}

const VOICE_COMMAND_EXAMPLES = [
  'Make this a tweet about productivity',
  'Create a checklist for my morning routine',
  'Turn this into a creative pitch',
];

function Choice<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  colors,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  colors?: Record<T, string>;
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div role="radiogroup" aria-label={legend} className="grid grid-cols-3 gap-2">
        {options.map((option) => {
          const selected = option === value;
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onChange(option)}
              className={cn(
                'focus-ring inline-flex min-h-12 items-center justify-center gap-1.5 rounded-xl border-2 px-2 font-medium transition-colors',
                selected
                  ? 'border-zinc-900 bg-zinc-900 text-white dark:border-zinc-50 dark:bg-zinc-50 dark:text-zinc-900'
                  : 'border-zinc-200 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800',
              )}
            >
              {colors ? (
                <span
                  aria-hidden
                  className="size-2.5 rounded-full"
                  style={{ backgroundColor: colors[option] }}
                />
              ) : null}
              {labels[option]}
              {selected ? <Check aria-hidden className="size-4" /> : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

export function VoiceSettingsSheet({ open, onOpenChange, settings }: VoiceSettingsSheetProps) {
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
