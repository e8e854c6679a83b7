// What every route plugin of the API is given (app.ts builds one): the sessions this server issued and what
// a route runs as a session (session-work.ts). Routes take it as their plugin options, not from globals.
import type { SessionRegistry } from '../session-registry.ts';
import type { SessionWork } from '../session-work.ts';

export interface RouteContext {
  sessions: SessionRegistry;
  work: SessionWork;
}
