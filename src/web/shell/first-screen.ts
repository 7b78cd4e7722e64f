/**
 * The first screen drawn into index.html at build time (prerender.tsx), so a phone paints the
 * app before its JavaScript has downloaded. React replaces #app-shell in its first commit; the
 * onboarding drawn outside the root stays until the real dialog is on screen.
 */
export const FIRST_SCREEN = {
  appId: 'app-shell',
  onboardingId: 'onboarding-shell',
  /** A <template> of index.html holding the app's modulepreload links (scripts/first-screen.mjs). */
  appModulesId: 'app-modules',
  /** On <html>, set by the boot script: the onboarding starts with this page. */
  onboardingDueClass: 'onboarding-due',
  /** On <html>, set by the boot script: the page is not home, whose shell it must not show. */
  elsewhereClass: 'shell-elsewhere',
  /**
   * On <html>, set by the boot script: the first screen's record button was tapped before the
   * app took over (shell/first-tap.ts); the app starts recording when it does.
   */
  recordTappedClass: 'record-tapped',
  /** The record button (capture/components/record-button.tsx), in the first screen too. */
  recordButtonSelector: '[data-testid="record-button"]',
  /** On home's format/category chip, its dot and its words (capture/components/bottom-bar.tsx). */
  voiceChipAttribute: 'data-voice-chip',
  voiceChipDotAttribute: 'data-voice-chip-dot',
  voiceChipLabelAttribute: 'data-voice-chip-label',
} as const;

/** Whether the build-time onboarding is on screen now. */
export function onboardingShellShown(): boolean {
  return (
    document.documentElement.classList.contains(FIRST_SCREEN.onboardingDueClass) &&
    document.getElementById(FIRST_SCREEN.onboardingId) !== null
  );
}

export function removeOnboardingShell() {
  document.getElementById(FIRST_SCREEN.onboardingId)?.remove();
}
