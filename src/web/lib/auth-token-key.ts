// The local-storage key of the bearer token (auth-token.ts). A module of its own so that the page's early
// reads (early-reads.ts), which run before any of the app's files, can read the token without React.
export const AUTH_TOKEN_KEY = 'auth_token';
