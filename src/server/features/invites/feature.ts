import { defineFeature } from '../../feature-module.ts';

/** Invite tokens' rules, used by the features that invite (no routes or services of its own). */
export const invitesFeature = defineFeature({ name: 'invites', uses: ['auth', 'teams'] });
