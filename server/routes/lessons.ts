// GET /api/lessons: the lessons `keyplan serve --lessons DIR` loaded (none otherwise), for the app's list.
import type { FastifyInstance } from 'fastify';
import { lessonsResponseSchema } from '../../src/core/contract/api-responses.ts';
import type { LessonsResponse } from '../../src/core/contract/contract.ts';
import type { Lesson } from '../../src/core/features/lessons/lesson-types.ts';

export async function lessonRoutes(app: FastifyInstance, options: { lessons?: Lesson[] }): Promise<void> {
  app.get(
    '/api/lessons',
    { schema: { response: { 200: lessonsResponseSchema } } },
    async (): Promise<LessonsResponse> => ({ lessons: options.lessons ?? [] }),
  );
}
