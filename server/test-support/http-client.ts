// The one HTTP client of the benches' own clients (load and workshop attendees, the attacker) and of the
// tests that call a listening server from a process or address of their own (workshop-abuse.test.ts,
// send-designs.ts): a request
// whose body is read whole, with its status, first cookie and time. Node's http, not fetch, so a bench can
// pick the agent (keep-alive: server/test-support/keep-alive-agent.ts) and the local address it sends from.
import http from 'node:http';
import { requestFailure } from './keep-alive-agent.ts';

export interface Answer {
  status: number;
  body: string;
  /** The first Set-Cookie's `name=value`. */
  cookie?: string;
  ms: number;
}

export interface RequestOptions {
  /** Sent as JSON (`content-type: application/json`) with POST; without one the request is a GET. */
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The agent to send through; `false`, a connection of the request's own (no keep-alive). */
  agent?: http.Agent | false;
  /** The local address to send from (the attacker's 127.0.0.x). */
  localAddress?: string;
  timeoutMs: number;
  /**
   * `reject` (default): a failed request rejects with what went wrong; `answer`: it resolves as status 0 with
   * the error's message as its body, for a client that only counts what came back.
   */
  onFailure?: 'reject' | 'answer';
}

export function request(url: string, options: RequestOptions): Promise<Answer> {
  const { body, timeoutMs } = options;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const failed = (error: Error) =>
      options.onFailure === 'answer'
        ? resolve({ status: 0, body: error.message, ms: performance.now() - started })
        : reject(requestFailure(req, error));
    const req = http.request(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        agent: options.agent,
        localAddress: options.localAddress,
        timeout: timeoutMs,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            cookie: response.headers['set-cookie']?.[0]?.split(';')[0],
            ms: performance.now() - started,
          }),
        );
        response.on('error', failed);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', failed);
    req.end(body);
  });
}
