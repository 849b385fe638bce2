import { blobStoreFromConfig } from './blob-store/index.ts';
import type { FeatureDeps, ServerFeature, ServiceDeps } from './feature-module.ts';
import { SERVER_FEATURES } from './features.ts';
import { inviteCodeExists } from './features/teams/feature.ts';

export type { ServiceDeps } from './feature-module.ts';

// The composition root: every feature's services (features.ts), built once from the same dependencies.
// The app's routes and the demo seed both use it, so the seed goes through exactly the code the API runs.

type ServicesOf<F> = F extends ServerFeature<infer S> ? S : never;
type Intersection<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void
  ? I
  : never;

export function createServices({ chatPostQueued, ...deps }: ServiceDeps) {
  const blobs = deps.blobs ?? blobStoreFromConfig(deps.config);
  const featureDeps: FeatureDeps = {
    ...deps,
    blobs,
    chatPostQueued: chatPostQueued ?? (() => {}),
    inviteCodeExists: inviteCodeExists(deps.db),
  };
  const made: Record<string, unknown> = {};
  for (const feature of SERVER_FEATURES as readonly ServerFeature<object>[]) {
    Object.assign(made, feature.services?.(featureDeps, made));
  }
  return { ...(made as Intersection<ServicesOf<(typeof SERVER_FEATURES)[number]>>), blobs };
}

export type Services = ReturnType<typeof createServices>;
