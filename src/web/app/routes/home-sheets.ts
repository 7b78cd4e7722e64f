import { lazy } from 'react';

/** The home screen's dialogs and its list of kept recordings, loaded on demand so `/` stays inside its JavaScript budget. */
const loaders = {
  result: () =>
    import('../../features/capture/components/result-sheet').then((m) => ({
      default: m.ResultSheet,
    })),
  settings: () =>
    import('../../features/capture/components/voice-settings-sheet').then((m) => ({
      default: m.VoiceSettingsSheet,
    })),
  typed: () =>
    import('../../features/capture/components/typed-idea-sheet').then((m) => ({
      default: m.TypedIdeaSheet,
    })),
  ideaSheets: () =>
    import('../../features/ideas/components/idea-sheets').then((m) => ({ default: m.IdeaSheets })),
  signupPrompt: () =>
    import('../../features/account/components/signup-prompt').then((m) => ({
      default: m.SignupPrompt,
    })),
  pendingList: () =>
    import('../../features/capture/components/pending-list').then((m) => ({
      default: m.PendingList,
    })),
  pipeline: () => import('../../features/capture/pipeline'),
};

export const LazyResultSheet = lazy(loaders.result);
export const LazyVoiceSettingsSheet = lazy(loaders.settings);
export const LazyTypedIdeaSheet = lazy(loaders.typed);
export const LazyIdeaSheets = lazy(loaders.ideaSheets);
export const LazySignupPrompt = lazy(loaders.signupPrompt);
export const LazyPendingList = lazy(loaders.pendingList);

/** Each loads one dialog's code; preloaded one at a time when idle (app.tsx). */
export const homeSheetLoaders: readonly (() => Promise<unknown>)[] = Object.values(loaders);
