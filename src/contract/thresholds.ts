/**
 * Every confidence threshold of format and category detection (the decision order is
 * docs/architecture.md, "How a recording flows", step 3). One module, so the browser's
 * decision, the detector's labels and the server's inferrer can never drift apart.
 */

/**
 * The web app applies a server inference at this confidence or more, and the server's rules
 * answer without asking a model once they reach it.
 */
export const SERVER_APPLY_THRESHOLD = 0.7;
/** The local detector applies at this confidence or more ... */
export const LOCAL_APPLY_THRESHOLD = 0.6;
/** ... and is labelled natural language (rather than keywords) at this or more. */
export const NATURAL_LANGUAGE_THRESHOLD = 0.8;
/** Confidence labels shown to developers: "high confidence" and "medium". */
export const HIGH_CONFIDENCE_THRESHOLD = 0.9;
export const MEDIUM_CONFIDENCE_THRESHOLD = 0.7;
