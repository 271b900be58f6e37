import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config';
import { OutboundError, isAddressAllowed, outboundFetch } from '../src/platform/outbound';

/**
 * The guard of outgoing requests, against a local server: what it refuses before connecting, what
 * it refuses at connect time (DNS answers), redirects, the timeout and the size cap.
 */

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const handlers = new Map<string, Handler>();
const seen: { path: string; authorization: string | undefined }[] = [];
let origin: string;
let port: number;
const server = createServer((request, response) => {
  seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
  const handler = handlers.get(new URL(request.url ?? '/', 'http://x').pathname);
  if (handler) return handler(request, response);
  response.writeHead(404).end('missing');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function route(path: string, handler: Handler) {
  handlers.set(path, handler);
}
const redirect = (location: string): Handler => (_request, response) => response.writeHead(302, { location }).end();

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('address classification', () => {
  const refusedAlways = [
    '0.0.0.0',
    '0.1.2.3',
    '255.255.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '192.0.2.10',
    '198.18.0.1',
    '240.0.0.1',
    '169.254.169.254',
    '::',
    'ff02::1',
    'fd00:ec2::254',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:5',
    '2001:db8::1',
    '::a00:5',
    'not an address',
  ];
  const privateOnes = [
    '127.0.0.1',
    '127.10.0.1',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.5',
    '::ffff:a00:5',
  ];
  const publicOnes = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8'];

  it('allows public unicast addresses only', () => {
    for (const address of publicOnes) expect(isAddressAllowed(address, false), address).toBe(true);
    for (const address of [...privateOnes, ...refusedAlways]) expect(isAddressAllowed(address, false), address).toBe(false);
  });

  it('with private addresses allowed, opens loopback, private, link-local, unique-local and CGNAT, never metadata or the rest', () => {
    for (const address of [...publicOnes, ...privateOnes]) expect(isAddressAllowed(address, true), address).toBe(true);
    for (const address of refusedAlways) expect(isAddressAllowed(address, true), address).toBe(false);
  });
});

describe('outboundFetch', () => {
  it('fetches from an allowed address and decodes the charset the answer names', async () => {
    route('/latin', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' });
      response.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    });
    const response = await outboundFetch(`${origin}/latin`, { allowPrivate: true });
    expect(response).toMatchObject({ status: 200, ok: true, url: `${origin}/latin` });
    expect(response.text()).toBe('café');
  });

  it('answers other statuses as they are', async () => {
    const response = await outboundFetch(`${origin}/nothing-here`, { allowPrivate: true });
    expect(response).toMatchObject({ status: 404, statusText: 'Not Found', ok: false });
  });

  it('refuses a literal private address before connecting, naming the setting that would allow it', async () => {
    const before = seen.length;
    for (const host of [`127.0.0.1:${port}`, `[::1]:${port}`, `[::ffff:127.0.0.1]:${port}`, '10.0.0.5', '169.254.1.1']) {
      const error = await refusal(outboundFetch(`http://${host}/latin`, { allowPrivate: false }));
      expect(error.message).toMatch(/^http:\/\/.+\/latin: the address .+ is not allowed \(a private or local address; set OUTBOUND_ALLOW_PRIVATE=true .+\)$/);
    }
    expect((await refusal(outboundFetch(`${origin}/latin`, { allowPrivate: false }))).message).toBe(
      `${origin}/latin: the address 127.0.0.1 is not allowed (a private or local address; set OUTBOUND_ALLOW_PRIVATE=true on the server to allow the server's own network)`,
    );
    // The setting would not open these, so their refusal does not mention it.
    for (const host of ['169.254.169.254', '[fd00:ec2::254]', '224.0.0.1', '0.0.0.0']) {
      const error = await refusal(outboundFetch(`http://${host}/latin`, { allowPrivate: false }));
      expect(error.message).toMatch(/^http:\/\/.+\/latin: the address .+ is not allowed$/);
    }
    expect(seen.length).toBe(before);
  });

  it('refuses a name whose DNS answer is private, at connect time', async () => {
    const before = seen.length;
    const error = await refusal(outboundFetch(`http://localhost:${port}/latin`, { allowPrivate: false }));
    expect(error.reason).toMatch(/^the address (127\.0\.0\.1|::1) is not allowed \(a private or local address; set OUTBOUND_ALLOW_PRIVATE=true .+\)$/);
    expect(seen.length).toBe(before);
  });

  it('refuses other schemes and malformed URLs', async () => {
    expect((await refusal(outboundFetch('file:///etc/passwd', { allowPrivate: true }))).reason).toBe('only http and https addresses are allowed');
    expect((await refusal(outboundFetch('ftp://example.com/x', { allowPrivate: true }))).reason).toBe('only http and https addresses are allowed');
    expect((await refusal(outboundFetch('not a url', { allowPrivate: true }))).reason).toBe('not a valid URL');
  });

  it('follows up to five redirects, vetting each hop', async () => {
    for (let hop = 1; hop <= 6; hop++) route(`/hop${hop}`, redirect(hop === 6 ? '/latin' : `/hop${hop + 1}`));
    const followed = await outboundFetch(`${origin}/hop2`, { allowPrivate: true });
    expect(followed).toMatchObject({ status: 200, url: `${origin}/latin` });
    expect((await refusal(outboundFetch(`${origin}/hop1`, { allowPrivate: true }))).reason).toBe('more than 5 redirects');

    route('/to-metadata', redirect('http://169.254.169.254/latest/meta-data/'));
    const metadata = await refusal(outboundFetch(`${origin}/to-metadata`, { allowPrivate: true }));
    expect(metadata.message).toBe('http://169.254.169.254/latest/meta-data/: the address 169.254.169.254 is not allowed');

    route('/to-file', redirect('file:///etc/passwd'));
    expect((await refusal(outboundFetch(`${origin}/to-file`, { allowPrivate: true }))).message).toBe(
      'file:///etc/passwd: only http and https addresses are allowed',
    );
  });

  it('drops credentials on a redirect to another origin', async () => {
    route('/to-localhost', redirect(`http://localhost:${port}/echo`));
    route('/echo', (_request, response) => response.writeHead(200).end('ok'));
    const before = seen.length;
    await outboundFetch(`${origin}/to-localhost`, { allowPrivate: true, headers: { authorization: 'Bearer secret' } });
    expect(seen.slice(before).map((request) => request.authorization)).toEqual(['Bearer secret', undefined]);
  });

  it('times out', async () => {
    route('/silent', () => undefined);
    const error = await refusal(outboundFetch(`${origin}/silent`, { allowPrivate: true, timeoutMs: 200 }));
    expect(error.message).toBe(`${origin}/silent: timed out after 0.2 s`);
  });

  it('times out while the body trickles in', async () => {
    route('/trickle', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('a');
    });
    expect((await refusal(outboundFetch(`${origin}/trickle`, { allowPrivate: true, timeoutMs: 300 }))).reason).toBe('timed out after 0.3 s');
  });

  it('caps the size, by the declared length and while streaming', async () => {
    route('/declared', (_request, response) => response.writeHead(200, { 'content-length': 2048 }).end('x'.repeat(2048)));
    route('/streamed', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      for (let chunk = 0; chunk < 8; chunk++) response.write('y'.repeat(512));
      response.end();
    });
    route('/small', (_request, response) => response.writeHead(200).end('z'.repeat(1024)));
    expect((await refusal(outboundFetch(`${origin}/declared`, { allowPrivate: true, maxBytes: 1024 }))).message).toBe(
      `${origin}/declared: the answer is larger than 1 KB`,
    );
    expect((await refusal(outboundFetch(`${origin}/streamed`, { allowPrivate: true, maxBytes: 1000 }))).reason).toBe(
      'the answer is larger than 1000 bytes',
    );
    expect((await outboundFetch(`${origin}/small`, { allowPrivate: true, maxBytes: 1024 })).body.length).toBe(1024);
  });

  it('says when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await refusal(outboundFetch(`http://127.0.0.1:${closedPort}/`, { allowPrivate: true }))).reason).toBe('the connection was refused');
  });
});

describe('OUTBOUND_ALLOW_PRIVATE', () => {
  it('is off by default and reads true or false', () => {
    expect(readConfig({}).outboundAllowPrivate).toBe(false);
    expect(readConfig({ OUTBOUND_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(true);
    expect(readConfig({ OUTBOUND_ALLOW_PRIVATE: 'false' }).outboundAllowPrivate).toBe(false);
    expect(() => readConfig({ OUTBOUND_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
  });
});
