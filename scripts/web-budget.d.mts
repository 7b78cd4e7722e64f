export declare const INITIAL_JS_BUDGET_BYTES: number;
export declare const INITIAL_JS_TARGET_BYTES: number;
export declare function initialScripts(indexHtml: string): string[];
export declare function measureInitialJs(webDir: string): {
  files: { source: string; gzip: number }[];
  gzip: number;
};
