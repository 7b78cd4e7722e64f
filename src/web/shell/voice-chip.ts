import { readStoredVoiceSettings, voiceChip } from '../features/capture/stored-voice-settings';
import { FIRST_SCREEN } from './first-screen';

/**
 * The build-time home shows the default format and category in its chip; a person who chose
 * others would see it change when React takes over. This draws their choice into the chip as the
 * parser adds it: mutation observers run at the end of the parser's task, before the browser can
 * render it, so the default is never painted. Only a chip parsed to its end is touched (the
 * element after it exists), so no text of it arrives after ours.
 */
export function showStoredVoiceChoice(doc: Document = document) {
  const stored = voiceChip(readStoredVoiceSettings());
  let done = false;
  const apply = () => {
    if (done) return;
    const chip = doc
      .getElementById(FIRST_SCREEN.appId)
      ?.querySelector<HTMLElement>(`[${FIRST_SCREEN.voiceChipAttribute}]`);
    if (!chip?.nextSibling) return;
    done = true;
    observer.disconnect();
    const label = chip.querySelector(`[${FIRST_SCREEN.voiceChipLabelAttribute}]`);
    const dot = chip.querySelector<HTMLElement>(`[${FIRST_SCREEN.voiceChipDotAttribute}]`);
    if (!label || !dot) throw new Error('The first screen\u2019s chip has lost its label or dot');
    if (label.textContent === stored.label) return;
    label.textContent = stored.label;
    chip.style.borderColor = stored.color;
    dot.style.backgroundColor = stored.color;
  };
  const observer = new MutationObserver(apply);
  observer.observe(doc, { childList: true, subtree: true });
  // A page with no first screen (or one already parsed) has nothing more to wait for.
  doc.addEventListener('DOMContentLoaded', () => {
    apply();
    observer.disconnect();
  });
  apply();
}
