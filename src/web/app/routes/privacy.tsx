import { WRITER_LABELS, whoWrites } from '#web/features/capture/speech-privacy';
import { useServerConfig } from '../../lib/server-config';
import { AppShell } from '../app-shell';

export default function PrivacyRoute() {
  const writer = useServerConfig().data?.formatter.engine;
  return (
    <AppShell title="Privacy Policy">
      <article className="space-y-4 leading-relaxed">
        <p className="text-sm text-zinc-600 dark:text-zinc-300">Last updated: September 2025</p>
        <h2 className="text-lg font-semibold">What we store</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            The ideas you save: their text, format, category, the transcript and when you made them.
          </li>
          <li>
            For guests, an anonymous guest id kept in your browser&apos;s local storage, which ties
            your saved ideas to this device.
          </li>
          <li>For accounts, your e-mail address and a securely hashed password.</li>
          <li>
            How many ideas you saved this month, to apply the free plan of 10 ideas per month.
          </li>
          <li>
            Your settings (format, category, speech service, keep recordings, dark mode) stay in
            your browser only.
          </li>
        </ul>
        <h2 className="text-lg font-semibold">Your voice</h2>
        <p>
          Your speech is turned into text by one of two services, shown and chosen in Voice
          Settings:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>This server</strong> (the default when it has a speech engine): your recording
            is uploaded here and transcribed either on this server itself or by the speech-to-text
            provider it is set up with, which then hears the audio. It is uploaded while you speak
            and kept with its idea, so you can play it or have it transcribed again, until you
            delete the idea, clear your data or delete your account. To keep no audio, turn off Keep
            recordings in Voice Settings: each recording made or imported on this device is then
            deleted from this server as soon as it is transcribed, and only its text is kept. A
            recording that never finished uploading is deleted after 24 hours, and one never saved
            as an idea after 30 days. Without an account, recordings are deleted after 30 days even
            when saved (the idea&apos;s text stays); create an account to keep them with their
            ideas.
          </li>
          <li>
            <strong>Your browser</strong> (when this server has no speech engine, or you choose it):
            where the browser can recognise speech on your device, the audio never leaves it.
            Otherwise the browser sends the audio to its maker&apos;s speech service, for example
            Google for Chrome or Apple for Safari, under that company&apos;s privacy terms.
          </li>
        </ul>
        <p>
          On a computer, while this server transcribes, your browser can also show your words as you
          speak, in the same way as above, if you turn that on in Voice Settings. Only the resulting
          text is saved, and only when you tap Save.
        </p>
        <h2 className="text-lg font-semibold">Your words</h2>
        <p>
          The text of what you said is turned into a tweet, a checklist or a pitch by one of three
          writers, whichever this server is set up with:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>Rules</strong>: {whoWrites('none')}
          </li>
          <li>
            <strong>A model on this server</strong>: {whoWrites('local')}
          </li>
          <li>
            <strong>An AI service</strong>: {whoWrites('openai')}
          </li>
        </ul>
        {writer ? (
          <p data-testid="privacy-writer">This server uses {WRITER_LABELS[writer]}.</p>
        ) : null}
        <h2 className="text-lg font-semibold">Deleting your data</h2>
        <p>
          You can delete single ideas, clear all your data, or delete your account at any time.
          Deletion is complete within 30 days, including backups.
        </p>
        <h2 className="text-lg font-semibold">Payments</h2>
        <p>
          Pro payments are handled by our card payment provider on its own hosted pages; we never
          see your card number.
        </p>
      </article>
    </AppShell>
  );
}
