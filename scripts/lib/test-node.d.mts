// Types of scripts/lib/test-node.mjs, which plain Node scripts import too.
export declare const TEST_NODE_ARGS: string[];
