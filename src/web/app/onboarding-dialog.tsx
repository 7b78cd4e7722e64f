import {
  OnboardingOverlay,
  type OnboardingOverlayProps,
} from '../features/onboarding/components/onboarding-overlay';
import { onboardingPrivacyNote } from '../features/capture/speech-privacy';
import type { SpeechSetup } from '../features/capture/speech-engine';

export interface OnboardingDialogProps extends Omit<OnboardingOverlayProps, 'privacyNote'> {
  /** How this install listens, once the server's setup is known. */
  speech?: Pick<SpeechSetup, 'engine' | 'serverEngine'>;
}

/**
 * The onboarding with its privacy line for this install. The line's wording loads with the
 * dialog (app.tsx loads this module lazily), not with the first screen a returning person sees
 * without it.
 */
export function OnboardingDialog({ speech, ...props }: OnboardingDialogProps) {
  return (
    <OnboardingOverlay
      {...props}
      privacyNote={speech ? onboardingPrivacyNote(speech) : undefined}
    />
  );
}
