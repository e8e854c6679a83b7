// Inside the sandboxed child, before the module runs: every way Node's own modules open a connection, listen,
// resolve a name or signal another process is replaced with a function that throws. Node 20's permission
// model does not restrict the network or signals at all, so this is the only barrier there; it is defence in
// depth, not a guarantee (code that finds another way to the runtime's internals is not stopped by it).
import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';

/** The error every stub throws, shaped like the permission model's own refusals. */
function refusal(what: string, permission: 'Network' | 'Signal'): () => never {
  const allows = permission === 'Network' ? 'no network' : 'no signals to other processes';
  return () => {
    throw Object.assign(new Error(`${what}: the sandbox that loads the module allows ${allows}`), {
      code: 'ERR_ACCESS_DENIED',
      permission,
      resource: what,
    });
  };
}

function stub(
  target: object,
  names: readonly string[],
  owner: string,
  permission: 'Network' | 'Signal' = 'Network',
): void {
  for (const name of names)
    Object.defineProperty(target, name, {
      value: refusal(`${owner}.${name}`, permission),
      writable: false,
      configurable: false,
    });
}

/** The name-resolving functions of `dns` and `dns.promises` (and their Resolver classes). */
function dnsFunctions(target: object): string[] {
  return Object.getOwnPropertyNames(target).filter((name) => /^(lookup|resolve|reverse)/.test(name));
}

export function blockNetworkAndSignals(): void {
  stub(net.Socket.prototype, ['connect'], 'net.Socket');
  stub(net.Server.prototype, ['listen'], 'net.Server');
  stub(net, ['connect', 'createConnection'], 'net');
  stub(tls, ['connect'], 'tls');
  stub(dgram, ['createSocket'], 'dgram');
  stub(http, ['request', 'get'], 'http');
  stub(https, ['request', 'get'], 'https');
  stub(http2, ['connect'], 'http2');
  stub(dns, dnsFunctions(dns), 'dns');
  stub(dns.promises, dnsFunctions(dns.promises), 'dns.promises');
  stub(dns.Resolver.prototype, dnsFunctions(dns.Resolver.prototype), 'dns.Resolver');
  stub(
    dns.promises.Resolver.prototype,
    dnsFunctions(dns.promises.Resolver.prototype),
    'dns.promises.Resolver',
  );
  stub(globalThis, ['fetch'], 'fetch');
  // Signals: the permission model lets a process kill any other process of the same user.
  stub(process, ['kill', '_kill'], 'process', 'Signal');
  // `import { connect } from 'node:net'` reads the module's named exports: make them the stubs too.
  syncBuiltinESMExports();
}
