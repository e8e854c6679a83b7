// GET /api/health: whether DynamoDB answers, which one it is, and the caller's table namespace (the app
// shows it, and the first request of a browser starts its session here).
import type { FastifyInstance } from 'fastify';
import { healthResponseSchema } from '../../src/core/contract/api-responses.ts';
import type { HealthResponse } from '../../src/core/contract/contract.ts';
import { sessionOf } from '../plugins/sessions.ts';
import type { RouteContext } from './context.ts';

export async function healthRoutes(app: FastifyInstance, { sessions, work }: RouteContext): Promise<void> {
  const { dynamo } = work;
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema } } },
    async (request, reply): Promise<HealthResponse> => {
      const status = await dynamo.status();
      return {
        ok: status === 'up',
        dynamodb: {
          status,
          mode: dynamo.mode,
          instance: dynamo.instance?.(),
          dataLostAt: dynamo.dataLostAt?.(),
        },
        namespace: sessionOf(sessions, request, reply).namespace,
      };
    },
  );
}
