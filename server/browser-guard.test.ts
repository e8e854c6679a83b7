// What a page of another origin (another localhost port, a DNS-rebound website) can make a browser send:
// every state-changing route refuses it with the right 4xx and leaves the session's tables as they were;
// every response carries the security headers; Fastify's own failures answer in the API's error shape.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getExample } from '../src/core/features/examples/index.ts';
import { buildApp } from './app.ts';
import { canonicalHost, hostChecker } from './browser-guard.ts';
import { LIMITS } from './limits.ts';
import { startServer } from './server.ts';
import { testTarget } from './test-support/dynamo.ts';

const staticDir = mkdtempSync(join(tmpdir(), 'kp-guard-static-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(
  join(staticDir, 'index.html'),
  '<!doctype html><script type="module" src="/assets/app.js"></script>',
);
writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log("app")');

const app = buildApp({ dynamo: testTarget(), staticDir, bodyLimit: 64 * 1024 });
const design = getExample('online-store')!.design;
/** inject's default Host; the app answers it as its own (port 80 while not listening). */
const OWN = 'http://localhost:80';

let cookie = '';
let table = '';

type Inject = InjectOptions;
const send = (options: Inject) => app.inject({ ...options, headers: { cookie, ...options.headers } });
const json = { 'content-type': 'application/json' };

const tableItems = async () => {
  const scan = await send({
    method: 'POST',
    url: '/api/run',
    headers: json,
    payload: JSON.stringify({ operation: 'Scan', input: { TableName: table } }),
  });
  expect(scan.statusCode).toBe(200);
  return scan.json().items;
};

beforeAll(async () => {
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  cookie = String(health.headers['set-cookie']).split(';')[0];
  const applied = await send({ method: 'POST', url: '/api/apply', headers: json, payload: { design } });
  expect(applied.statusCode).toBe(200);
  table = applied.json().tableName;
});

afterAll(async () => {
  await send({ method: 'POST', url: '/api/reset', headers: json, payload: {} });
  await app.close();
});

/** The state-changing routes, each with a body it would act on. */
const ROUTES: [string, unknown][] = [
  ['/api/reset', {}],
  ['/api/apply', { design: { ...design, items: {} }, recreate: true }],
  ['/api/load', { design: { ...design, items: {} } }],
  ['/api/run', { operation: 'DeleteItem', input: { TableName: '', Key: { PK: { S: 'CUSTOMER#c1' } } } }],
];

describe('a page of another origin', () => {
  it('cannot change a session through any route: foreign Origin, wrong Host, no JSON type, no body', async () => {
    const before = await tableItems();
    expect(before.length).toBeGreaterThan(0);
    const attacks: [string, (url: string, body: unknown) => Inject, number, string][] = [
      [
        'a page on another localhost port',
        (url, body) => ({
          method: 'POST',
          url,
          headers: { ...json, origin: 'http://localhost:5173' },
          payload: JSON.stringify(body),
        }),
        403,
        'ForeignOrigin',
      ],
      [
        'a sandboxed frame (Origin: null)',
        (url, body) => ({
          method: 'POST',
          url,
          headers: { ...json, origin: 'null' },
          payload: JSON.stringify(body),
        }),
        403,
        'ForeignOrigin',
      ],
      [
        'a DNS-rebound website',
        (url, body) => ({
          method: 'POST',
          url,
          headers: { ...json, host: 'attacker.example:80', origin: 'http://attacker.example:80' },
          payload: JSON.stringify(body),
        }),
        421,
        'UnknownHost',
      ],
      [
        'a form post (text/plain)',
        (url, body) => ({
          method: 'POST',
          url,
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify(body),
        }),
        415,
        'UnsupportedMediaType',
      ],
      [
        'a form post (urlencoded)',
        (url) => ({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'a=1',
        }),
        415,
        'UnsupportedMediaType',
      ],
      ['no content type and no body', (url) => ({ method: 'POST', url }), 415, 'UnsupportedMediaType'],
      ['JSON with no body', (url) => ({ method: 'POST', url, headers: json }), 400, 'InvalidJson'],
    ];
    for (const [url, body] of ROUTES) {
      const realBody =
        url === '/api/run'
          ? {
              ...(body as object),
              input: { TableName: table, Key: { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'PROFILE' } } },
            }
          : body;
      for (const [name, attack, status, code] of attacks) {
        const response = await send(attack(url, realBody));
        expect(response.statusCode, `${name} → ${url}`).toBe(status);
        expect(response.json().error.code, `${name} → ${url}`).toBe(code);
      }
    }
    expect(await tableItems()).toEqual(before);
  });

  it('cannot read anything through a rebound Host, static files and health included', async () => {
    for (const url of ['/api/health', '/', '/index.html', '/assets/app.js', '/nothing']) {
      for (const host of [
        'attacker.example',
        'attacker.example:80',
        'localhost:5173',
        '127.0.0.1.nip.io:80',
      ]) {
        const response = await send({ method: 'GET', url, headers: { host } });
        expect(response.statusCode, `${host} ${url}`).toBe(421);
        expect(response.json().error.code).toBe('UnknownHost');
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    }
  });

  it('lets the app itself (same Origin) and the CLI (no Origin) change state', async () => {
    for (const origin of [OWN, 'http://localhost', 'http://LOCALHOST:80', undefined]) {
      const headers = origin ? { ...json, origin } : json;
      const reset = await send({ method: 'POST', url: '/api/reset', headers, payload: '{}' });
      expect(reset.statusCode, String(origin)).toBe(200);
      const applied = await send({ method: 'POST', url: '/api/apply', headers, payload: { design } });
      expect(applied.statusCode, String(origin)).toBe(200);
    }
    const charset = await send({
      method: 'POST',
      url: '/api/reset',
      headers: { 'content-type': 'application/json; charset=utf-8', origin: OWN },
      payload: '{}',
    });
    expect(charset.statusCode).toBe(200);
    const withBody = await send({ method: 'POST', url: '/api/reset', headers: json, payload: { all: true } });
    expect(withBody.statusCode).toBe(400);
    expect(withBody.json().error.message).toMatch(/Unrecognized key/);
    await send({ method: 'POST', url: '/api/apply', headers: json, payload: { design } });
  });
});

describe('the names the server answers as', () => {
  it('accepts loopback and --host names on its port, --allow-host names as given, and nothing else', () => {
    const lan = hostChecker(
      { listenHost: '192.168.1.5', allowHosts: ['keyplan.lan', 'proxy.lan:443'] },
      () => 8787,
    );
    for (const host of [
      '127.0.0.1:8787',
      'localhost:8787',
      'LocalHost.:8787',
      '[::1]:8787',
      '192.168.1.5:8787',
      'keyplan.lan:8787',
      'keyplan.lan',
      'keyplan.lan:443',
      'proxy.lan:443',
      'proxy.lan',
    ])
      expect(lan.accepts(host), host).toBe(true);
    for (const host of [
      '127.0.0.1:8788',
      'localhost',
      'proxy.lan:8787',
      'evil.lan:8787',
      'a@localhost:8787',
      'localhost:8787/x',
      undefined,
    ])
      expect(lan.accepts(host), String(host)).toBe(false);
    const ipv6 = hostChecker({ listenHost: '::1' }, () => 80);
    expect(ipv6.accepts('[::1]')).toBe(true);
    expect(ipv6.accepts('[0:0:0:0:0:0:0:1]:80')).toBe(true);
    expect(canonicalHost('exa mple')).toBeUndefined();
    expect(() => hostChecker({ listenHost: 'fe80::1%eth0' }, () => 80)).not.toThrow();
  });

  it("with --host 0.0.0.0 answers this machine's addresses too", () => {
    const addresses = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal)
      .map((a) => (a!.family === 'IPv6' ? `[${a!.address}]` : a!.address));
    const everywhere = hostChecker({ listenHost: '0.0.0.0' }, () => 8787);
    const loopbackOnly = hostChecker({}, () => 8787);
    for (const address of addresses) {
      expect(everywhere.accepts(`${address}:8787`), address).toBe(true);
      expect(loopbackOnly.accepts(`${address}:8787`), address).toBe(false);
    }
    expect(everywhere.accepts('127.0.0.1:8787')).toBe(true);
    expect(everywhere.accepts('attacker.example:8787')).toBe(false);
    expect(everywhere.described().at(-1)).toMatch(/this machine's addresses/);
  });

  it('checks the port the server listens on', async () => {
    const listening = buildApp({ dynamo: testTarget() });
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const { port } = listening.server.address() as net.AddressInfo;
    try {
      const own = await listening.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: `127.0.0.1:${port}` },
      });
      expect(own.statusCode).toBe(200);
      const other = await listening.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: `127.0.0.1:${port + 1}` },
      });
      expect(other.statusCode).toBe(421);
      expect(other.json().error.message).toContain(`localhost:${port}`);
    } finally {
      await listening.close();
    }
  });
});

describe('security headers', () => {
  it('serve the app with a CSP of its own scripts and workers, no framing, nosniff and no referrer', async () => {
    for (const url of ['/', '/index.html', '/assets/app.js', '/api/health', '/api/nothing']) {
      const response = await send({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    const refused = await send({
      method: 'POST',
      url: '/api/reset',
      headers: { origin: 'http://evil.example' },
    });
    expect(refused.headers['content-security-policy']).toBeDefined();
  });
});

describe("Fastify's own failures", () => {
  it('answer in the API error shape: 404, 405, 413, 415, 400 for bad and too-deep JSON', async () => {
    const cases: [Inject, number, string][] = [
      [{ method: 'GET', url: '/api/nothing' }, 404, 'NotFound'],
      [{ method: 'POST', url: '/api/nothing', headers: json, payload: '{}' }, 404, 'NotFound'],
      [{ method: 'GET', url: '/api/reset' }, 405, 'MethodNotAllowed'],
      [{ method: 'PUT', url: '/api/apply', headers: json, payload: '{}' }, 405, 'MethodNotAllowed'],
      [{ method: 'DELETE', url: '/api/reset', headers: json, payload: '{}' }, 405, 'MethodNotAllowed'],
      [{ method: 'POST', url: '/api/health', headers: json, payload: '{}' }, 405, 'MethodNotAllowed'],
      [
        {
          method: 'POST',
          url: '/api/run',
          headers: json,
          payload: JSON.stringify({ x: 'y'.repeat(70_000) }),
        },
        413,
        'PayloadTooLarge',
      ],
      [
        { method: 'POST', url: '/api/run', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
        415,
        'UnsupportedMediaType',
      ],
      [{ method: 'POST', url: '/api/run', headers: json, payload: '{"a":' }, 400, 'InvalidJson'],
      [
        { method: 'POST', url: '/api/run', headers: json, payload: '{"__proto__":{"x":1}}' },
        400,
        'InvalidJson',
      ],
      [
        {
          method: 'POST',
          url: '/api/run',
          headers: json,
          payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
        },
        400,
        'TooDeep',
      ],
      [
        {
          method: 'POST',
          url: '/api/run',
          headers: json,
          payload: `{"operation":"Scan","input":{"TableName":"t","ExclusiveStartKey":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}}`,
        },
        400,
        'TooDeep',
      ],
    ];
    for (const [request, status, code] of cases) {
      const response = await send(request);
      const label = `${request.method} ${request.url}`;
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toEqual({ error: { code, message: expect.any(String) } });
    }
    const allow = await send({ method: 'GET', url: '/api/reset' });
    expect(allow.headers.allow).toBe('POST');
  });

  it('answer unreadable HTTP, oversized headers and malformed URLs in the shape too', async () => {
    const listening = buildApp({ dynamo: testTarget() });
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const { port } = listening.server.address() as net.AddressInfo;
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        let out = '';
        const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
        socket.on('data', (chunk) => {
          out += chunk;
        });
        socket.on('close', () => resolve(out));
        socket.on('error', reject);
      });
    try {
      const cases: [string, number, string][] = [
        [`GET /% HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, 400, 'BadUrl'],
        [`GET /api/%zz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, 400, 'BadUrl'],
        [
          `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
          431,
          'HeadersTooLarge',
        ],
        ['NONSENSE\r\n\r\n', 400, 'BadHttpRequest'],
      ];
      for (const [text, status, code] of cases) {
        const answer = await raw(text);
        expect(answer.split('\r\n')[0], text.slice(0, 30)).toBe(
          `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}`,
        );
        const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
        expect(body).toEqual({ error: { code, message: expect.any(String) } });
      }
    } finally {
      await listening.close();
    }
  });
});

describe('behind a TLS proxy', () => {
  it('takes the https origin of an --allow-host name as the server’s own, and no other', async () => {
    const proxied = buildApp({ dynamo: testTarget(), hosts: { allowHosts: ['keyplan.example'] } });
    const reset = (origin: string) =>
      proxied.inject({
        method: 'POST',
        url: '/api/reset',
        headers: { ...json, host: 'keyplan.example', origin },
        payload: '{}',
      });
    try {
      expect((await reset('https://keyplan.example')).statusCode).toBe(200);
      expect((await reset('https://keyplan.example:443')).statusCode).toBe(200);
      expect((await reset('https://keyplan.example:8443')).statusCode).toBe(403);
      expect((await reset('https://evil.example')).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('keyplan serve --allow-host', () => {
  it('answers a presenter’s LAN name given with --allow-host, and no other', async () => {
    const server = await startServer({
      port: 0,
      endpoint: inject('dynamoEndpoint'),
      staticDir,
      allowHosts: ['keyplan.lan'],
      log: () => {},
    });
    const port = new URL(server.url).port;
    const get = (host: string) =>
      new Promise<number>((resolve, reject) =>
        http
          .get(`${server.url}/api/health`, { headers: { host } }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
          .on('error', reject),
      );
    try {
      expect(await get(`keyplan.lan:${port}`)).toBe(200);
      expect(await get(`127.0.0.1:${port}`)).toBe(200);
      expect(await get(`other.lan:${port}`)).toBe(421);
    } finally {
      await server.close();
    }
  });
});

describe('#26 class 3: a page of another site cannot use up its visitor’s new sessions', () => {
  it('an /api request marked cross-site or same-site gets no session and takes nothing from the allowance', async () => {
    const server = await startServer({
      port: 0,
      endpoint: inject('dynamoEndpoint'),
      staticDir,
      log: () => {},
    });
    /** A request as a browser sends it, Sec-Fetch-Site included (fetch would not let a script set it). */
    const ask = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; cookie?: string; body: string }>((resolve, reject) => {
        const request = http.request(`${server.url}${path}`, { method, headers }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              cookie: response.headers['set-cookie']?.[0],
              body: text,
            }),
          );
        });
        request.on('error', reject);
        request.end(body);
      });
    try {
      // Far more than the address may start (addressNewSessionBurst), from a hidden page on another site,
      // and from another port of this host (same-site): each refused, none given a session.
      for (let i = 0; i < LIMITS.addressNewSessionBurst + 10; i++) {
        for (const site of ['cross-site', 'same-site']) {
          const health = await ask('GET', '/api/health', { 'sec-fetch-site': site });
          expect(health.status).toBe(403);
          expect(JSON.parse(health.body).error.code).toBe('ForeignSite');
          expect(health.cookie).toBeUndefined();
          const reset = await ask(
            'POST',
            '/api/reset',
            { 'sec-fetch-site': site, 'content-type': 'text/plain' },
            '{}',
          );
          expect(reset.status).toBe(403);
          expect(reset.cookie).toBeUndefined();
        }
      }
      // The visitor's own page (same-origin), a typed address (none) and the CLI (no header) still start theirs.
      const ownRequests: Record<string, string>[] = [
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        {},
      ];
      for (const headers of ownRequests) {
        const own = await ask('GET', '/api/health', headers);
        expect(own.status).toBe(200);
        expect(own.cookie).toMatch(/^keyplan_session=/);
      }
    } finally {
      await server.close();
    }
  });
});
