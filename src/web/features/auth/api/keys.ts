export const authKeys = {
  invitePreview: (code?: string | null, email?: string | null, token?: string | null) =>
    ['invite-preview', code, email, token] as const,
};
