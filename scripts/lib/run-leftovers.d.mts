export declare function recordProcess(pid: number): void;
export declare function forgetProcess(pid: number): void;
export declare function recordDatabase(server: string, name: string): void;
export declare function forgetDatabase(name: string): void;
export declare function endRecordedProcesses(graceMs?: number, dir?: string): Promise<number>;
export declare function dropRecordedDatabases(dir?: string): Promise<number>;
export declare function endLeftovers(dir?: string, graceMs?: number): Promise<{ processes: number; databases: number }>;
