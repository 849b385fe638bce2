import type { FastifyInstance } from 'fastify';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../../plugins/errors.ts';
import { failingDetail, type HealthChecks } from './checks.ts';

/**
 * 200 {status: 'ok', checks} when the database, the blob store and the mail server all answer; 503
 * {detail, checks} naming what fails otherwise (docs/decisions/026). Not signed in: monitors poll it.
 */
export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthChecks }) {
  app.get('', async (_request, reply) => {
    const report = await health.report();
    if (report.ok) return { status: 'ok', checks: report.checks };
    return reply
      .status(503)
      .header('Retry-After', String(DEPENDENCY_RETRY_AFTER_SECONDS))
      .send({ detail: failingDetail(report.failing), checks: report.checks });
  });
}
