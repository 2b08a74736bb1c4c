export declare const listenable: (port: number) => Promise<number | undefined>;
export declare function claimPort(
  preferred: number,
  options?: { lockDir?: string },
): Promise<{ port: string; release: () => void }>;
export declare function freePort(): Promise<number>;
