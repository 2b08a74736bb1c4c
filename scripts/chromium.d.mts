// Types of scripts/chromium.mjs, which plain Node scripts import too.
export declare const HEADLESS_SHELL: string;
export declare const CHROMIUM_ARGS: string[];
