import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kitBody, kitSchema } from '../../../shared/api/kits.ts';
import { idParam, teamParams } from '../../params.ts';
import type { KitService } from './service.ts';

// /api/kits (docs/product/kits.md), inside the signed-in scope.

const kitParams = z.object({ kitId: idParam('Kit id') });

export async function kitRoutes(app: FastifyInstance, { kits }: { kits: KitService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    { schema: { params: kitParams, body: kitBody, response: { 200: kitSchema } } },
    (request) => kits.update(request.user, request.params.kitId, request.body),
  );

  r.delete(
    '/:kitId',
    { schema: { params: kitParams, response: { 200: z.object({ message: z.string() }) } } },
    (request) => kits.remove(request.user, request.params.kitId),
  );
}
