export declare function isRunning(pid: number): boolean;
