// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
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
});
