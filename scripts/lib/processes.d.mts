export declare function isRunning(pid: number): boolean;
export declare function signalGroup(pid: number, signal: NodeJS.Signals): void;
