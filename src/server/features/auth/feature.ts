import { defineFeature } from '../../feature-module.ts';
import { accountRoutes, authRoutes } from './routes.ts';
import { createAuthService } from './service.ts';
import { createSignInLimits } from './sign-in-limits.ts';

export const authFeature = defineFeature({
  name: 'auth',
  uses: [],
  services: ({ db, config, tokens, mailQueued, inviteCodeExists }) => ({
    auth: createAuthService({ db, config, tokens, mailQueued, inviteCodeExists }),
    signInLimits: createSignInLimits(db, config),
  }),
  routes: (group) => [
    group('public', '/auth', authRoutes, ({ auth, signInLimits }, { config }) => ({
      auth,
      config,
      signInLimits,
    })),
    group('signedIn', '/auth', accountRoutes, ({ auth, signInLimits }, { config }) => ({
      auth,
      config,
      signInLimits,
    })),
  ],
});
