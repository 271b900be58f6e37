import dns from 'node:dns';
import { STATUS_CODES } from 'node:http';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request, type Dispatcher } from 'undici';

/**
 * The one way the server calls other servers (pipeline pulls, a project's model endpoint). The
 * caller names any URL, so every request is guarded against reaching the server's own network:
 * only http and https; literal IP hosts are vetted before connecting and every DNS answer at
 * connect time (so a name that resolves differently the second time, "DNS rebinding", cannot slip
 * through); redirects are followed by hand, each hop vetted the same way; a timeout covers the
 * whole call and the answer is read up to a size cap.
 */

const OUTBOUND_DEFAULT_TIMEOUT_MS = 10_000;
const OUTBOUND_DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const OUTBOUND_MAX_REDIRECTS = 5;

/** Cloud metadata services hand out credentials: refused even where private addresses are allowed. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254'].map((address) => ipaddr.parse(address).toNormalizedString()));
/** The ranges OUTBOUND_ALLOW_PRIVATE opens: an operator's own network (ipaddr.js range names). */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'linkLocal', 'uniqueLocal', 'carrierGradeNat']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The ipaddr.js range of an address, looking through IPv4-mapped (::ffff:a.b.c.d) addresses, and
 * treating the deprecated IPv4-compatible form (::a.b.c.d) as reserved.
 */
function rangeOf(address: ipaddr.IPv4 | ipaddr.IPv6): { address: ipaddr.IPv4 | ipaddr.IPv6; range: string } {
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return rangeOf(v6.toIPv4Address());
    const range = v6.range();
    if (range === 'unicast' && v6.parts.slice(0, 6).every((part) => part === 0)) return { address, range: 'reserved' };
    return { address, range };
  }
  return { address, range: address.range() };
}

/**
 * Whether a request may connect to this address: public unicast only, plus the operator's own
 * network when private addresses are allowed; metadata, unspecified, multicast, broadcast and
 * reserved addresses never.
 */
export function isAddressAllowed(address: string, allowPrivate: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const { address: parsed, range } = rangeOf(ipaddr.parse(address));
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString())) return false;
  return range === 'unicast' || (allowPrivate && PRIVATE_RANGES.has(range));
}

/** A refused or failed outgoing request; `reason` reads on after the URL it concerns. */
export class OutboundError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'OutboundError';
  }
}

/**
 * Why an address is refused. One that OUTBOUND_ALLOW_PRIVATE would open names the setting, so the
 * operator who pulls from their own network learns how to allow it; the others are refused whatever
 * the setting, so the message offers nothing.
 */
function refusedAddress(address: string): string {
  const refused = `the address ${address} is not allowed`;
  if (isAddressAllowed(address, false) || !isAddressAllowed(address, true)) return refused;
  return `${refused} (a private or local address; set OUTBOUND_ALLOW_PRIVATE=true on the server to allow the server's own network)`;
}

/** Raised inside the connection's DNS lookup, turned into an OutboundError for the hop. */
class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(refusedAddress(address));
  }
}

/** Resolves like the system does, then keeps only allowed addresses (all refused: the connection fails). */
function vettingLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const allowed = addresses.filter((entry) => isAddressAllowed(entry.address, allowPrivate));
      const first = allowed[0];
      if (!first) {
        const refused = addresses[0]?.address;
        const failure = refused ? new RefusedAddressError(refused) : Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
        return callback(failure, '');
      }
      if (options.all) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function size(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function parseTarget(value: string, from?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, from);
  } catch {
    throw new OutboundError(from?.href ?? value, from ? `redirected to an invalid address (${value})` : 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError(url.href, 'only http and https addresses are allowed');
  return url;
}

/** A literal IP host never reaches the lookup, so it is vetted here, before connecting. */
function vetLiteralHost(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isAddressAllowed(host, allowPrivate)) throw new OutboundError(url.href, refusedAddress(host));
}

/** The error of a failed hop in the caller's words: refused address, DNS, connection, or the error's own message. */
function describeFailure(error: unknown, url: URL): OutboundError {
  if (error instanceof OutboundError) return error;
  const codes: string[] = [];
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (current instanceof RefusedAddressError) return new OutboundError(url.href, refusedAddress(current.address));
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  if (codes.some((code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN')) return new OutboundError(url.href, `could not resolve ${url.hostname}`);
  if (codes.includes('ECONNREFUSED')) return new OutboundError(url.href, 'the connection was refused');
  if (codes.includes('ECONNRESET') || codes.includes('UND_ERR_SOCKET')) return new OutboundError(url.href, 'the connection was closed');
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT')) return new OutboundError(url.href, 'could not connect in time');
  const message = error instanceof Error ? error.message : String(error);
  return new OutboundError(url.href, `the request failed (${codes[0] ?? message})`);
}

function plainHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) plain[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return plain;
}

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number, url: URL): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      body.destroy();
      throw new OutboundError(url.href, `the answer is larger than ${size(maxBytes)}`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The text of an answer in the charset its Content-Type names (UTF-8 when none or unknown). */
function decode(body: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

interface OutboundOptions {
  /** OUTBOUND_ALLOW_PRIVATE: the operator allows the server's own network. */
  allowPrivate: boolean;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** For the whole call, redirects and reading included. */
  timeoutMs?: number;
  maxBytes?: number;
  /** Cancels the call (a pull that already failed elsewhere). */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  statusText: string;
  ok: boolean;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
  text: () => string;
}

/**
 * A guarded request. Any status is an answer (the caller decides what a 404 means); refusals,
 * network failures, the timeout and the size cap throw an OutboundError naming the URL.
 */
export async function outboundFetch(target: string, options: OutboundOptions): Promise<OutboundResponse> {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULT_MAX_BYTES;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;
  // One agent per call: its connections are vetted with this call's setting and closed with it.
  const agent = new Agent({ connect: { lookup: vettingLookup(options.allowPrivate) } });
  let url = parseTarget(target);
  const origin = url.origin;
  let method = options.method ?? 'GET';
  let body = options.body;
  let headers = { ...options.headers };
  try {
    for (let redirects = 0; ; redirects++) {
      vetLiteralHost(url, options.allowPrivate);
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, { dispatcher: agent, method: method as Dispatcher.HttpMethod, headers, body, signal });
      } catch (error) {
        throw timeout.signal.aborted || options.signal?.aborted ? error : describeFailure(error, url);
      }
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump();
        if (redirects === OUTBOUND_MAX_REDIRECTS) throw new OutboundError(url.href, `more than ${OUTBOUND_MAX_REDIRECTS} redirects`);
        const next = parseTarget(location, url);
        // A 303, or a 301/302 after a POST, continues as a GET without a body (as browsers do).
        if (response.statusCode === 303 || (method === 'POST' && response.statusCode !== 307 && response.statusCode !== 308)) {
          method = 'GET';
          body = undefined;
        }
        if (next.origin !== origin) {
          headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())));
        }
        url = next;
        continue;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        // Destroying an unread body reports an abort to its listeners; nobody waits for this one.
        response.body.on('error', () => undefined).destroy();
        throw new OutboundError(url.href, `the answer is larger than ${size(maxBytes)}`);
      }
      const data = await readCapped(response.body, maxBytes, url);
      const plain = plainHeaders(response.headers);
      return {
        url: url.href,
        status: response.statusCode,
        statusText: STATUS_CODES[response.statusCode] ?? '',
        ok: response.statusCode >= 200 && response.statusCode < 300,
        headers: plain,
        body: data,
        text: () => decode(data, plain['content-type']),
      };
    }
  } catch (error) {
    if (timeout.signal.aborted) throw new OutboundError(url.href, `timed out after ${seconds(timeoutMs)}`);
    if (options.signal?.aborted) throw new OutboundError(url.href, 'cancelled');
    throw describeFailure(error, url);
  } finally {
    clearTimeout(timer);
    void agent.destroy().catch(() => undefined);
  }
}
