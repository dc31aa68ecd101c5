/** Request status (SPEC §3). */
export const RequestStatus = { cancelled: -1, rejected: 0, requesting: 1, accepted: 2 } as const;
export type RequestStatus = (typeof RequestStatus)[keyof typeof RequestStatus];
