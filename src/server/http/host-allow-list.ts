import { isIP } from 'node:net';
import { hostname as machineHostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';

/**
 * The host names this server answers to (docs/api.md, "Conventions"; ADR 104). A DNS
 * rebinding page points a name of its own at the victim's server (on their LAN, or loopback)
 * and then reads it as same-origin: its requests arrive with `Host: <its name>`. Refusing any
 * Host not on this list closes that, while everything a person or operator uses to reach the
 * server still works:
 *
 * - loopback names (`localhost`, `*.localhost`) and any IP address literal: a rebinding page
 *   always comes with a name, never a bare address;
 * - PUBLIC_URL's host, and this machine's own host name;
 * - `ALLOWED_HOSTS`: names a proxy or another container uses (`app` in compose.yaml), each an
 *   exact name, `.example.com` for that name and every name under it, or `*` to turn the check
 *   off (a proxy in front that checks Host itself).
 *
 * Hand-written: the check is one comparison a request, and the libraries for it (host-validation,
 * Express middleware) neither fit Fastify's hooks nor know about PUBLIC_URL.
 */
export interface HostAllowList {
  allows(host: string): boolean;
}

/** What `new URL` would turn into another host than the one named (userinfo, a path, a query). */
const NOT_A_HOST = /[\s@/\\?#]/;

/** `name[:port]` or `[v6]:port`, lower-cased and without a trailing dot; null when it is not one. */
function hostnameOf(host: string): string | null {
  if (host === '' || NOT_A_HOST.test(host)) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  const name = url.hostname.replace(/\.$/, '');
  return name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
}

export function createHostAllowList(
  config: Pick<Config, 'publicUrl' | 'allowedHosts'>,
): HostAllowList {
  const exact = new Set<string>(['localhost', machineHostname().toLowerCase()]);
  const publicHost = hostnameOf(new URL(config.publicUrl).host);
  if (publicHost !== null) exact.add(publicHost);
  const suffixes = ['.localhost'];
  let any = false;
  for (const entry of config.allowedHosts) {
    if (entry === '*') any = true;
    else if (entry.startsWith('.')) {
      suffixes.push(entry);
      exact.add(entry.slice(1));
    } else exact.add(hostnameOf(entry) ?? entry);
  }
  return {
    allows(host) {
      if (any) return true;
      const name = hostnameOf(host);
      if (name === null) return false;
      return (
        isIP(name) !== 0 || exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix))
      );
    },
  };
}

/**
 * Refuses, before any other hook, a request whose Host (or, behind a trusted proxy, whose
 * X-Forwarded-Host, which Fastify then takes as the request's host: every entry) is not allowed: 421 in the
 * API's error shape. A request without Host is left to the protocol check (HTTP/1.1 requires
 * one; an HTTP/1.0 client without one is no browser and cannot be a rebinding page).
 */
export function installHostCheck(app: FastifyInstance, config: Config): void {
  const allowList = createHostAllowList(config);
  app.addHook('onRequest', (request, reply, done) => {
    // Node keeps the first of several Host lines, and a target in absolute form names a host of
    // its own; a proxy in front may read either, so each must be one this server answers to.
    const lines = hostLines(request.raw.rawHeaders);
    if (lines.length > 1) {
      done(new HttpError(400, 'bad_request', 'A request names its host once.'));
      return;
    }
    const hosts: (string | undefined)[] = [request.headers.host];
    const absolute = authorityOf(request.raw.url ?? '');
    if (absolute !== null) hosts.push(absolute);
    if (config.trustProxy) hosts.push(...forwardedHosts(request.headers['x-forwarded-host']));
    const refused = hosts.find((host) => host !== undefined && !allowList.allows(host));
    if (refused === undefined) {
      done();
      return;
    }
    request.log.info({ host: refused.slice(0, 200) }, 'request for an unknown host refused');
    // 421 tells a client to try another connection: this one is done.
    void reply.header('connection', 'close');
    done(
      new HttpError(
        421,
        'misdirected_request',
        'This server does not answer to the host name this request was sent to.',
      ),
    );
  });
}

/** Every entry of every X-Forwarded-Host: Fastify takes the last, a proxy may add to the first. */
function forwardedHosts(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((line) =>
    line.split(',').map((entry) => entry.trim()),
  );
}

function hostLines(rawHeaders: string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === 'host') lines.push(rawHeaders[i + 1] ?? '');
  }
  return lines;
}

/** The host of a request target in absolute form (`http://name/path`), '' when it has none. */
function authorityOf(target: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return null;
  try {
    return new URL(target).host;
  } catch {
    return '';
  }
}
