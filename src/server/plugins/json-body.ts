import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// JSON bodies, parsed by Fastify's own parser (which refuses __proto__ and constructor tricks). Clients
// that set Content-Type: application/json on every call send it on calls that have no body too (the
// spec's DELETEs, sync-user, bulk-sync, mark-read, approve with its optional body). Such a call is a
// call without a body when its route takes none, or takes an optional one; a route that needs a body
// still answers that the body is empty.

interface MaybeZod {
  safeParse?: (value: unknown) => { success: boolean };
}

function bodyMayBeLeftOut(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema?.body as MaybeZod | undefined;
  if (schema === undefined) return true;
  return typeof schema.safeParse === 'function' && schema.safeParse(undefined).success;
}

export const jsonBodyPlugin = fp(async (app: FastifyInstance, { bodyLimit }: { bodyLimit: number }) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    (request, body: string, done) => {
      if (body.length === 0 && bodyMayBeLeftOut(request)) {
        done(null, undefined);
        return;
      }
      void parseJson(request, body, done);
    },
  );
});
