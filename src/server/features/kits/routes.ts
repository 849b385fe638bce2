import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kitBody, kitSchema } from '../../../shared/api/kits.ts';
import { KIT_MESSAGES } from '../../../shared/kits.ts';
import { idParam, teamParams } from '../../params.ts';
import type { KitService } from './service.ts';

// /api/kits (docs/product/kits.md), inside the signed-in scope: a route naming a kit has its team found
// first (teamOf), so a kit of a team the caller is not in is 'Kit not found'.

const kitParams = z.object({ kitId: idParam('Kit id') });

export async function kitRoutes(app: FastifyInstance, { kits }: { kits: KitService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofKit = {
    teamOf: (request: FastifyRequest) => kits.teamOf((request.params as { kitId: number }).kitId),
    teamNotFound: KIT_MESSAGES.notFound,
  };

  r.get(
    '/team/:teamId',
    { schema: { params: teamParams, response: { 200: z.array(kitSchema) } } },
    (request) => kits.list(request.teamAccess),
  );

  r.post(
    '/team/:teamId',
    { schema: { params: teamParams, body: kitBody, response: { 201: kitSchema } } },
    async (request, reply) => reply.status(201).send(await kits.create(request.teamAccess, request.body)),
  );

  r.put(
    '/:kitId',
    { schema: { params: kitParams, body: kitBody, response: { 200: kitSchema } }, config: ofKit },
    (request) => kits.update(request.teamAccess, request.params.kitId, request.body),
  );

  r.delete(
    '/:kitId',
    { schema: { params: kitParams, response: { 200: z.object({ message: z.string() }) } }, config: ofKit },
    (request) => kits.remove(request.teamAccess, request.params.kitId),
  );
}
