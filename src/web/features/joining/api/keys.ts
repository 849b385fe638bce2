// The signed-in user's own join requests and waiting invites (joining from inside the app).
export const joiningKeys = {
  myJoinRequests: ['join-requests', 'mine'] as const,
  myInvites: ['invites', 'mine'] as const,
};
