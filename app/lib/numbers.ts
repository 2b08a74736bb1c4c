// Numbers as the back office shows them (money has lib/money.ts).

/** "1.25 %", of a share (0.0125); "—" when there is none to give. */
export const formatShare = (share: number | null) => (share === null ? "—" : `${(share * 100).toFixed(2)} %`);
