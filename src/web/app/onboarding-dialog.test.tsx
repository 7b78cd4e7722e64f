// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { FIRST_SCREEN } from '../shell/first-screen';
import { OnboardingDialog } from './onboarding-dialog';

afterEach(cleanup);

const noop = () => {};

describe('the onboarding dialog', () => {
  it("says who hears the recording once the server's setup is known", () => {
    render(
      <OnboardingDialog
        open
        onComplete={noop}
        onSkip={noop}
        speech={{ engine: 'server', serverEngine: 'whisper' }}
      />,
    );
    expect(screen.getByTestId('onboarding-privacy').textContent).toBe(
      "We'll ask for microphone access when you first record. Your recording is uploaded to this server and transcribed on it, by no one else.",
    );
  });

  it('says only that the microphone will be asked for until then', () => {
    render(<OnboardingDialog open onComplete={noop} onSkip={noop} />);
    expect(screen.getByTestId('onboarding-privacy').textContent).toBe(
      "We'll ask for microphone access when you first record.",
    );
  });

  it('says nothing is recorded where this install only takes typing', () => {
    render(
      <OnboardingDialog
        open
        onComplete={noop}
        onSkip={noop}
        speech={{ engine: null, serverEngine: 'none' }}
      />,
    );
    expect(screen.getByTestId('onboarding-privacy').textContent).toContain('nothing is recorded');
  });

  it("taking over from the build-time dialog, paints its words first, then this install's in the same paragraph", async () => {
    document.documentElement.classList.add(FIRST_SCREEN.onboardingDueClass);
    const shell = document.createElement('div');
    shell.id = FIRST_SCREEN.onboardingId;
    document.body.append(shell);
    try {
      render(
        <OnboardingDialog
          open
          onComplete={noop}
          onSkip={noop}
          speech={{ engine: 'server', serverEngine: 'whisper' }}
        />,
      );
      const paragraph = screen.getByTestId('onboarding-privacy');
      const text = paragraph.firstChild;
      expect(paragraph.textContent).toBe("We'll ask for microphone access when you first record.");
      await waitFor(() => {
        expect(paragraph.textContent).toContain('transcribed on it, by no one else');
      });
      // The same paragraph and text: a new, larger one would be a late main-content paint.
      expect(screen.getByTestId('onboarding-privacy')).toBe(paragraph);
      expect(paragraph.firstChild).toBe(text);
    } finally {
      document.documentElement.classList.remove(FIRST_SCREEN.onboardingDueClass);
      shell.remove();
    }
  });
});
