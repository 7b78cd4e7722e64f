export declare const APP_IMAGE: string;
export declare const DEPS_LABEL: string;
export declare function dependencyHash(dir?: string): string;
export declare function migrationNames(files: string[]): string[];
export declare function previousRelease(): { commit: string; image: string; migrations: string[] };
