// What another site's page could make a browser send, refused as plugins on the root (fastify-plugin: their
// hooks hold for every route). Two, because the request quotas sit between them (app.ts): a fetch a page of
// another site sent (Sec-Fetch-Site) is refused before it takes from its visitor's allowances; the Host,
// Origin and Content-Type checks and the security headers (CSP) come after the quotas, as every other check.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { foreignFetchFailure, guardBrowserRequests, type HostPolicy } from '../browser-guard.ts';

async function foreignSites(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const foreign = foreignFetchFailure(request);
    if (foreign) throw foreign;
  });
}

/** The first hook of every request: an /api request marked `Sec-Fetch-Site: cross-site` or `same-site` is a 403. */
export const foreignSitesPlugin = fp(foreignSites, { name: 'keyplan-foreign-sites' });

async function browserGuard(app: FastifyInstance, options: { hosts?: HostPolicy }): Promise<void> {
  guardBrowserRequests(app, options.hosts);
}

/** Helmet's headers (CSP) and the Host, Origin and Content-Type checks (browser-guard.ts). */
export const browserGuardPlugin = fp(browserGuard, { name: 'keyplan-browser-guard' });
