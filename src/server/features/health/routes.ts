import type { FastifyInstance } from 'fastify';
import { databaseIsReachable, type Db } from '../../db/connect.ts';

/** 200 once the database answers (migrations ran before the server started listening). */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/health', async (_request, reply) => {
    if (!(await databaseIsReachable(db)))
      return reply.status(503).send({ detail: 'Database is not reachable' });
    return { status: 'ok' };
  });
}
