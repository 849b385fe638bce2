// The new-poll email (docs/product/polls.md 'Poll email') is the 'new-poll' template in
// mail/templates.ts.

/** The path that opens the Polls tab at this poll. */
export const pollPath = (pollId: number) => `/#messages?subtab=polls&pollId=${pollId}`;
