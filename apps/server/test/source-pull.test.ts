import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import {
  JOB_MAX_ATTEMPTS,
  JOB_STALE_MS,
  RESPONSE_CHARACTER_LIMIT,
  jobMessages,
  kbCharacterCount,
  pmDocumentSchema,
  pmToKb,
  sourceMessages,
  type KbDocument,
  type PmDocument,
  type Job,
  type Source,
  type SourcePull,
} from '@console/contracts';
import { contents, contentUtterances, jobs, sourcePulls, sources } from '../src/db/schema/index';
import { jobHandlers } from '../src/modules/job/handlers';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, openTestDatabase } from './helper';

/**
 * Pulling sources: a rich_editor document into content items, and a pipeline's web pages,
 * sitemaps and CSV files from a local web server (the app allows private addresses for it; the
 * guard itself is tested with the setting off). A pull runs as a job, so the tests also stop the
 * app's job runner as a stopping process does, and cancel a pull's job.
 */

/** An app and an editor's project in it, where sources are made and pulled. */
interface EditorProject {
  app: FastifyInstance;
  token: string;
  projectId: string;
}

let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let projectId: string;
let main: EditorProject;

/* --------------------------------------------------------- the test site */

type Page = { status?: number; type?: string; body: string } | ((request: IncomingMessage, response: ServerResponse) => void);
const site = new Map<string, Page>();
let origin: string;
const server = createServer((request, response) => {
  const page = site.get(new URL(request.url ?? '/', 'http://x').pathname);
  if (!page) return response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
  if (typeof page === 'function') return page(request, response);
  response.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8' }).end(page.body);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await createTestApp(await openTestDatabase(), { outboundAllowPrivate: true });
  editor = await createSignedInUser(app);
  projectId = (await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }])).project.id;
  main = { app, token: editor.token, projectId };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/* --------------------------------------------------------------- helpers */

const api = (path: string) => `/api/v1${path}`;

async function createSource(type: 'rich_editor' | 'pipeline', config: Record<string, unknown>, on = main) {
  const created = await call(on.app, 'POST', api(`/project/${on.projectId}/source`), on.token, { display_name: `Pulled ${type}`, type });
  const source = created.json<Source>();
  const configured = await call(on.app, 'PUT', api(`/source/${source.id}/config`), on.token, { config });
  expect(configured.statusCode, configured.body).toBe(200);
  return configured.json<Source>();
}

async function startPull(sourceId: string, on = main) {
  const response = await call(on.app, 'POST', api(`/source/${sourceId}/pull`), on.token);
  expect(response.statusCode, response.body).toBe(202);
  const pull = response.json<SourcePull>();
  expect(pull).toMatchObject({ source_id: sourceId, status: 'running', summary: null, error: null, finished_at: null });
  return pull;
}

async function readPull(sourceId: string, pullId: string, on = main): Promise<SourcePull> {
  const response = await call(on.app, 'GET', api(`/source/${sourceId}/pull/${pullId}`), on.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SourcePull>();
}

/** Polls the pull record until it ends. */
async function finished(sourceId: string, pullId: string, on = main): Promise<SourcePull> {
  return vi.waitFor(
    async () => {
      const pull = await readPull(sourceId, pullId, on);
      if (pull.status === 'running') throw new Error(`still running: ${pull.progress.message}`);
      return pull;
    },
    { timeout: 20_000, interval: 25 },
  );
}

async function pull(sourceId: string, on = main): Promise<SourcePull> {
  return finished(sourceId, (await startPull(sourceId, on)).id, on);
}

async function itemsOf(sourceId: string, on = main) {
  return on.app.ctx.db.select().from(contents).where(eq(contents.sourceId, sourceId)).orderBy(asc(contents.createdAt), asc(contents.sourceKey));
}

/** The job that runs a pull (the API shows the pull, not its job). */
async function jobOf(pullId: string) {
  const [row] = await app.ctx.db.select().from(jobs).where(sql`${jobs.params}->>'pull_id' = ${pullId}`);
  expect(row).toBeDefined();
  return row!;
}

async function cancelJob(jobId: string): Promise<Job> {
  const response = await call(app, 'POST', api(`/project/${projectId}/job/${jobId}/cancel`), editor.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Job>();
}

/** Runs `work` with the app's job runner stopped as a stopping process stops it (its jobs back in the queue), then starts it again. */
async function withRunnerStopped<T>(work: () => Promise<T>): Promise<T> {
  await app.ctx.jobs.stop();
  try {
    return await work();
  } finally {
    app.ctx.jobs.start(jobHandlers(app.ctx));
  }
}

/** A page that answers once released, counting its requests. */
function slowPage(path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const page = { requests: 0, release };
  site.set(path, (_request, response) => {
    page.requests += 1;
    void gate.then(() => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Slow</title><p>Finally.</p>'));
  });
  return page;
}

/** The pull record once it says it is fetching `url`. */
async function fetching(sourceId: string, pullId: string, url: string): Promise<SourcePull> {
  return vi.waitFor(
    async () => {
      const record = await readPull(sourceId, pullId);
      if (record.progress.message !== `Fetching ${url}`) throw new Error(record.progress.message);
      return record;
    },
    { timeout: 10_000, interval: 25 },
  );
}

async function utterancesOf(contentId: string) {
  return (await app.ctx.db.select().from(contentUtterances).where(eq(contentUtterances.contentId, contentId))).map((row) => row.text).sort();
}

const text = (value: string) => ({ type: 'text', text: value });
const heading = (level: number, value: string) => ({ type: 'heading', attrs: { level }, content: [text(value)] });
const paragraph = (value: string) => ({ type: 'paragraph', content: [text(value)] });
const bullets = (...values: string[]) => ({ type: 'bulletList', content: values.map((value) => ({ type: 'listItem', content: [paragraph(value)] })) });
const doc = (...content: unknown[]) => ({ document: { type: 'doc', content } });

/** What a response says, as plain KB. */
const kbOf = (response: PmDocument) => pmToKb(response);
/** A document as the pull stores it: canonical, through JSON. */
const canonical = (document: unknown) => JSON.parse(JSON.stringify(pmDocumentSchema.parse(document))) as PmDocument;

/* ------------------------------------------------------------ rich_editor */

describe('pulling a rich_editor source', () => {
  const handbook = doc(
    paragraph('Before any heading: no section, no item.'),
    heading(1, 'Shipping'),
    paragraph('We ship worldwide.'),
    heading(2, 'Domestic'),
    paragraph('Two days within the country.'),
    bullets('Tracked', 'Insured'),
    heading(2, 'International'),
    paragraph('Five to ten days.'),
    heading(1, 'Returns'),
    heading(2, 'Policy'),
    paragraph('Within 30 days.'),
    heading(1, 'Shipping'),
    heading(2, 'Domestic'),
    paragraph('The second Domestic section.'),
  );

  it('makes an item of each header section with its own blocks, and answers progress and summary', async () => {
    const source = await createSource('rich_editor', handbook);
    const started = await startPull(source.id);
    expect(started.progress.total).toBe(1);
    const done = await finished(source.id, started.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      error: null,
      summary: { created: 5, updated: 0, omitted: 0, unchanged: 0 },
      progress: { done: 1, total: 1, message: 'Created 5, updated 0, omitted 0, unchanged 0' },
    });
    expect(done.finished_at).not.toBeNull();

    const items = await itemsOf(source.id);
    // 'Returns' and the second 'Shipping' only group: no blocks of their own, no item.
    expect(items.map((item) => item.sourceKey).sort()).toEqual([
      'Returns / Policy',
      'Shipping',
      'Shipping / Domestic',
      'Shipping / Domestic #2',
      'Shipping / International',
    ]);
    expect(items.every((item) => item.status === 'active')).toBe(true);
    const byKey = new Map(items.map((item) => [item.sourceKey, item]));
    const domestic = byKey.get('Shipping / Domestic')!;
    expect(domestic.subject).toBe('Domestic');
    expect(domestic.responsePm).toEqual(canonical(doc(paragraph('Two days within the country.'), bullets('Tracked', 'Insured')).document));
    expect(domestic.numResponseWords).toBe(7);
    expect(JSON.stringify(byKey.get('Shipping')!.responsePm)).not.toContain('Domestic');

    const read = (await call(app, 'GET', api(`/source/${source.id}`), editor.token)).json<Source>();
    expect(read.last_pull).toMatchObject({ id: started.id, status: 'succeeded' });
  });

  it('re-pulls without duplicates: updates, omits, brings back, keeps the team status', async () => {
    const source = await createSource('rich_editor', doc(
      heading(1, 'Hours'), paragraph('Nine to five.'),
      heading(1, 'Payment'), paragraph('Cards and invoices.'),
      heading(1, 'Contact'), paragraph('Write to us.'),
    ));
    expect((await pull(source.id)).summary).toEqual({ created: 3, updated: 0, omitted: 0, unchanged: 0 });
    expect((await pull(source.id)).summary).toEqual({ created: 0, updated: 0, omitted: 0, unchanged: 3 });

    const [hours] = await app.ctx.db.update(contents).set({ status: 'inactive' }).where(eq(contents.sourceKey, 'Hours')).returning();
    // An item written in the source's content list has no key: the pull leaves it alone.
    await app.ctx.db.insert(contents).values({ projectId, sourceId: source.id, subject: 'Hand-written', status: 'active', responsePm: { type: 'doc' } });

    await call(app, 'PUT', api(`/source/${source.id}/config`), editor.token, {
      config: doc(heading(1, 'Hours'), paragraph('Nine to six.'), heading(1, 'Contact'), paragraph('Write to us.'), heading(1, 'Holidays'), paragraph('Closed on holidays.')),
    });
    expect((await pull(source.id)).summary).toEqual({ created: 1, updated: 1, omitted: 1, unchanged: 1 });
    let items = new Map((await itemsOf(source.id)).map((item) => [item.subject, item]));
    expect(items.size).toBe(5);
    expect(items.get('Hours')).toMatchObject({ id: hours!.id, status: 'inactive' });
    expect(kbOf(items.get('Hours')!.responsePm).children).toEqual([{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Nine to six.' }] }]);
    expect(items.get('Payment')!.status).toBe('omitted');
    expect(items.get('Hand-written')!.status).toBe('active');

    await call(app, 'PUT', api(`/source/${source.id}/config`), editor.token, {
      config: doc(heading(1, 'Hours'), paragraph('Nine to six.'), heading(1, 'Payment'), paragraph('Cards and invoices.'), heading(1, 'Contact'), paragraph('Write to us.'), heading(1, 'Holidays'), paragraph('Closed on holidays.')),
    });
    expect((await pull(source.id)).summary).toEqual({ created: 0, updated: 1, omitted: 0, unchanged: 3 });
    items = new Map((await itemsOf(source.id)).map((item) => [item.subject, item]));
    expect(items.get('Payment')!.status).toBe('active');
    expect(items.size).toBe(5);
  });

  it('cuts a response over the limit to whole blocks', async () => {
    const long = 'word '.repeat(300).trim(); // 1499 characters
    const source = await createSource('rich_editor', doc(heading(1, 'Long'), paragraph(long), paragraph(long), paragraph(long), paragraph('The end.')));
    expect((await pull(source.id)).status).toBe('succeeded');
    const [item] = await itemsOf(source.id);
    const kb = kbOf(item!.responsePm);
    expect(kb.children).toHaveLength(2);
    expect(kbCharacterCount(kb)).toBeLessThanOrEqual(RESPONSE_CHARACTER_LIMIT);
  });

  it('cuts a single block over the limit at a word boundary, and names a section whose heading is empty', async () => {
    const source = await createSource('rich_editor', doc(
      heading(1, 'Huge'), paragraph('word '.repeat(900).trim()),
      { type: 'heading', attrs: { level: 1 } }, paragraph('Under an empty heading.'),
    ));
    expect((await pull(source.id)).status).toBe('succeeded');
    const items = new Map((await itemsOf(source.id)).map((item) => [item.sourceKey, item]));
    const cut = kbOf(items.get('Huge')!.responsePm);
    const value = (cut.children[0] as { children: { value: string }[] }).children[0]!.value;
    expect(value).toMatch(/^(word )+word…$/);
    expect(value.length).toBeLessThanOrEqual(RESPONSE_CHARACTER_LIMIT);
    expect(items.get('Untitled section')).toMatchObject({ subject: 'Untitled section' });
  });

  it('runs one pull per source at a time', async () => {
    const source = await createSource('rich_editor', doc(heading(1, 'Hours'), paragraph('Nine to five.')));
    await app.ctx.db.insert(sourcePulls).values({ sourceId: source.id });
    const second = await call(app, 'POST', api(`/source/${source.id}/pull`), editor.token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ detail: sourceMessages.pullRunning });
  });

  it('answers 404 for a pull of another source', async () => {
    const one = await createSource('rich_editor', doc(heading(1, 'One'), paragraph('First.')));
    const other = await createSource('rich_editor', doc(heading(1, 'Two'), paragraph('Second.')));
    const done = await pull(one.id);
    expect((await call(app, 'GET', api(`/source/${other.id}/pull/${done.id}`), editor.token)).statusCode).toBe(404);
    expect((await call(app, 'GET', api(`/source/${other.id}/pull/nope`), editor.token)).json()).toMatchObject({ detail: 'Pull Id must be a valid UUID.' });
  });
});

/* --------------------------------------------------------------- pipeline */

const faqPage = `<!doctype html>
<html><head><title>FAQ | Acme</title><style>h2 { color: red }</style><script>document.write('tracking')</script></head>
<body>
  <nav><a href="/">Home</a> <a href="/about.html">About</a></nav>
  <main>
    <h1>Frequently asked</h1>
    <p>Answers to   what people ask.</p>
    <h2>Shipping</h2>
    <p>We ship <strong>worldwide</strong> with <a href="/carriers.html#list">our carriers</a>.
       Write to <a href="mailto:help@acme.test">help@acme.test</a> or <a href="javascript:alert(1)">click</a>.</p>
    <script>var hidden = 'never shown';</script>
    <ul><li>Tracked</li><li>Insured <ol start="3"><li>Really</li></ol></li></ul>
    <img src="/img/truck.png" alt="A truck"><img src="data:image/png;base64,AAAA" alt="inline">
    <hr>
    <h3>Customs</h3>
    <div>Duties are <em>yours</em>.<br>Sorry.</div>
    <h2>Returns</h2>
    <noscript>Enable JavaScript</noscript>
    <table><tr><th>Days</th><th>Refund</th></tr><tr><td>30</td><td>Full</td></tr></table>
    <h2>Empty heading section</h2>
    <h2>Privacy</h2><p>We keep nothing.</p>
  </main>
  <footer>© Acme</footer>
</body></html>`;

const aboutPage = '<html><head><title>About Acme</title></head><body><p>We are Acme.</p><p>Since 1999.</p></body></html>';
const guidePage = '<html><head><title>Guide</title></head><body><h1>Setup</h1><p>Plug it in.</p><h1>Care</h1><p>Dust it.</p></body></html>';
const csvFile = [
  'Subject,Response,Utterances,Notes',
  '"Opening hours","We open at 9, close at 17.",What time do you open? | When do you close?,ignored',
  '"Café menu","Coffee, tea and ""crème brûlée"".',
  '',
  'Second paragraph follows.",Do you serve coffee? | do you serve coffee?  |  Is there tea?,',
  'Übergrößen,"Sizes up to 5XL",,',
].join('\n');

function sitemap(...urls: string[]) {
  return { type: 'application/xml', body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${url}</loc></url>`).join('')}</urlset>` };
}

describe('pulling a pipeline source', () => {
  beforeAll(() => {
    site.set('/faq.html', { body: faqPage });
    site.set('/about.html', { body: aboutPage });
    site.set('/guide.html', { body: guidePage });
    site.set('/faq.csv', { type: 'text/csv; charset=utf-8', body: csvFile });
    site.set('/sitemap-index.xml', {
      type: 'application/xml',
      body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap.xml</loc></sitemap></sitemapindex>`,
    });
    site.set('/sitemap.xml', sitemap(`${origin}/faq.html`, `${origin}/guide.html`, 'ftp://elsewhere/file', `${origin}/about.html`));
  });

  it('pulls web pages, a sitemap index and CSV files into candidate items and a KB of what was pulled', async () => {
    const source = await createSource('pipeline', {
      inputs: [
        { type: 'web', urls: [`${origin}/faq.html`, `${origin}/about.html#team`] },
        { type: 'sitemap', url: `${origin}/sitemap-index.xml`, max_pages: 2 },
        { type: 'csv', url: `${origin}/faq.csv` },
        { type: 'csv', text: 'subject,response\nInline question,Inline answer.' },
      ],
    });
    const started = await startPull(source.id);
    expect(started.progress.total).toBe(5);
    const done = await finished(source.id, started.id);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: 'succeeded', summary: { created: 12, updated: 0, omitted: 0, unchanged: 0 } });
    // Four inputs fetched, a nested sitemap, one new page from the sitemap (faq.html was already named), and the write.
    expect(done.progress).toMatchObject({ done: 7, total: 7 });

    const items = await itemsOf(source.id);
    const byKey = new Map(items.map((item) => [item.sourceKey, item]));
    const faq = `${origin}/faq.html`;
    expect([...byKey.keys()].sort()).toEqual(
      [
        `${faq} / Frequently asked`,
        `${faq} / Frequently asked / Shipping`,
        `${faq} / Frequently asked / Shipping / Customs`,
        `${faq} / Frequently asked / Returns`,
        `${faq} / Frequently asked / Privacy`,
        `${origin}/about.html`,
        `${origin}/guide.html / Setup`,
        `${origin}/guide.html / Care`,
        'csv:Opening hours',
        'csv:Café menu',
        'csv:Übergrößen',
        'csv:Inline question',
      ].sort(),
    );
    expect(items.every((item) => item.status === 'candidate')).toBe(true);

    // The navigation is dropped, so nothing comes before the h1: no intro item; the h1 holds the text before the first h2.
    expect(kbOf(byKey.get(`${faq} / Frequently asked`)!.responsePm).children).toEqual([
      { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Answers to what people ask.' }] },
    ]);
    const shipping = kbOf(byKey.get(`${faq} / Frequently asked / Shipping`)!.responsePm);
    expect(shipping.children[0]).toEqual({
      type: 'hierarchy_paragraph',
      children: [
        { type: 'hierarchy_text', value: 'We ship ' },
        { type: 'hierarchy_text', value: 'worldwide', marks: ['bold'] },
        { type: 'hierarchy_text', value: ' with ' },
        { type: 'hierarchy_link', value: 'our carriers', url: `${origin}/carriers.html#list`, target: 'same_tab' },
        { type: 'hierarchy_text', value: '. Write to ' },
        { type: 'hierarchy_link', value: 'help@acme.test', url: 'mailto:help@acme.test', target: 'same_tab' },
        { type: 'hierarchy_text', value: ' or click.' },
      ],
    });
    expect(shipping.children.slice(1)).toEqual([
      {
        type: 'hierarchy_list',
        ordered: false,
        start: 1,
        items: [
          { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Tracked' }] }] },
          {
            children: [
              { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Insured' }] },
              { type: 'hierarchy_list', ordered: true, start: 3, items: [{ children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Really' }] }] }] },
            ],
          },
        ],
      },
      { type: 'hierarchy_image', url: `${origin}/img/truck.png`, alt: 'A truck', title: null },
      { type: 'hierarchy_horizontal_rule' },
    ]);
    expect(kbOf(byKey.get(`${faq} / Frequently asked / Shipping / Customs`)!.responsePm).children).toEqual([
      { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Duties are ' }, { type: 'hierarchy_text', value: 'yours', marks: ['italic'] }, { type: 'hierarchy_text', value: '. Sorry.' }] },
    ]);
    expect(kbOf(byKey.get(`${faq} / Frequently asked / Returns`)!.responsePm).children).toEqual([
      { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Days | Refund' }] },
      { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: '30 | Full' }] },
    ]);
    const everything = JSON.stringify(items.map((item) => [item.subject, item.responsePm]));
    for (const dropped of ['tracking', 'never shown', 'color: red', 'Enable JavaScript', '© Acme', 'Home', 'javascript:', 'data:image']) {
      expect(everything).not.toContain(dropped);
    }

    expect(byKey.get(`${origin}/about.html`)).toMatchObject({ subject: 'About Acme' });
    expect(kbOf(byKey.get(`${origin}/about.html`)!.responsePm).children).toHaveLength(2);

    const menu = byKey.get('csv:Café menu')!;
    expect(menu.subject).toBe('Café menu');
    expect(kbOf(menu.responsePm).children).toEqual([
      { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Coffee, tea and "crème brûlée".' }] },
      { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Second paragraph follows.' }] },
    ]);
    expect(await utterancesOf(menu.id)).toEqual(['Do you serve coffee?', 'Is there tea?']);
    expect(await utterancesOf(byKey.get('csv:Opening hours')!.id)).toEqual(['What time do you open?', 'When do you close?']);
    expect(await utterancesOf(byKey.get('csv:Übergrößen')!.id)).toEqual([]);

    const kb = (await call(app, 'GET', api(`/source/${source.id}`), editor.token)).json<Source>().kb as KbDocument;
    expect(kb.children.map((header) => (header.type === 'hierarchy_header' ? header.header : header.type))).toEqual([
      faq,
      `${origin}/about.html`,
      `${origin}/guide.html`,
      `${origin}/faq.csv`,
      'Inline CSV',
    ]);
    expect(kb.children[3]).toMatchObject({ level: 1, children: [{ header: 'Opening hours', level: 2 }, { header: 'Café menu' }, { header: 'Übergrößen' }] });
  });

  it('re-pulls: changed pages update, vanished sections are omitted, CSV utterances are added when missing', async () => {
    site.set('/changing.html', { body: '<title>Changing</title><h1>Alpha</h1><p>One.</p><h1>Beta</h1><p>Two.</p><h1>Gamma</h1><p>Three.</p>' });
    site.set('/changing.csv', { type: 'text/csv', body: 'subject,response,utterances\nDelta,Four.,first' });
    const source = await createSource('pipeline', { inputs: [{ type: 'web', urls: [`${origin}/changing.html`] }, { type: 'csv', url: `${origin}/changing.csv` }] });
    expect((await pull(source.id)).summary).toEqual({ created: 4, updated: 0, omitted: 0, unchanged: 0 });
    const [beta] = await app.ctx.db.update(contents).set({ status: 'active' }).where(eq(contents.sourceKey, `${origin}/changing.html / Beta`)).returning();

    site.set('/changing.html', { body: '<title>Changing</title><h1>Alpha</h1><p>One.</p><h1>Beta</h1><p>Two, revised.</p>' });
    site.set('/changing.csv', { type: 'text/csv', body: 'subject,response,utterances\nDelta,Four.,FIRST | second' });
    expect((await pull(source.id)).summary).toEqual({ created: 0, updated: 2, omitted: 1, unchanged: 1 });
    const items = new Map((await itemsOf(source.id)).map((item) => [item.subject, item]));
    expect(items.size).toBe(4);
    expect(items.get('Beta')).toMatchObject({ id: beta!.id, status: 'active' });
    expect(items.get('Gamma')!.status).toBe('omitted');
    expect(await utterancesOf(items.get('Delta')!.id)).toEqual(['first', 'second']);
  });

  it('reports a page that cannot be fetched and changes nothing', async () => {
    site.set('/stable.html', { body: '<title>Stable</title><h1>Kept</h1><p>Still here.</p>' });
    const source = await createSource('pipeline', { inputs: [{ type: 'web', urls: [`${origin}/stable.html`] }] });
    await pull(source.id);
    const before = { items: await itemsOf(source.id), source: (await app.ctx.db.select().from(sources).where(eq(sources.id, source.id)))[0] };

    site.set('/stable.html', { body: '<title>Stable</title><h1>Changed</h1><p>Different.</p>' });
    await call(app, 'PUT', api(`/source/${source.id}/config`), editor.token, {
      config: { inputs: [{ type: 'web', urls: [`${origin}/stable.html`, `${origin}/missing.html`] }] },
    });
    const failed = await pull(source.id);
    expect(failed).toMatchObject({ status: 'failed', summary: null, error: `Could not fetch ${origin}/missing.html: 404 Not Found` });
    expect(await itemsOf(source.id)).toEqual(before.items);
    expect((await app.ctx.db.select().from(sources).where(eq(sources.id, source.id)))[0]!.kb).toEqual(before.source!.kb);
  });

  it('reports a bad CSV row as a spreadsheet numbers it and changes nothing', async () => {
    const source = await createSource('pipeline', {
      inputs: [{ type: 'csv', text: 'subject,response\nFirst,"Multi\nline"\nSecond,Fine\n   ,Missing subject' }],
    });
    expect(await pull(source.id)).toMatchObject({ status: 'failed', error: 'CSV row 4: Subject must be at least 1 character' });
    expect(await itemsOf(source.id)).toEqual([]);

    await call(app, 'PUT', api(`/source/${source.id}/config`), editor.token, { config: { inputs: [{ type: 'csv', url: `${origin}/about.html` }] } });
    expect((await pull(source.id)).error).toBe(`CSV ${origin}/about.html: the first row must name the columns subject, response, utterances (utterances may be left out)`);
  });

  it('refuses to read a page that is not HTML', async () => {
    site.set('/data.json', { type: 'application/json', body: '{}' });
    const source = await createSource('pipeline', { inputs: [{ type: 'web', urls: [`${origin}/data.json`] }] });
    expect((await pull(source.id)).error).toBe(`Could not read ${origin}/data.json: it is not an HTML page (application/json)`);
  });

  it('shows progress while it runs, and refuses a second pull meanwhile', async () => {
    const slow = slowPage('/slow.html');
    const source = await createSource('pipeline', { inputs: [{ type: 'web', urls: [`${origin}/slow.html`] }] });
    const started = await startPull(source.id);
    const running = await fetching(source.id, started.id, `${origin}/slow.html`);
    expect(running).toMatchObject({ status: 'running', progress: { done: 0, total: 2 } });
    // Counted on its job too.
    expect((await jobOf(started.id)).done).toBe(0);

    const second = await call(app, 'POST', api(`/source/${source.id}/pull`), editor.token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ detail: sourceMessages.pullRunning });

    slow.release();
    expect(await finished(source.id, started.id)).toMatchObject({ status: 'succeeded', summary: { created: 1 } });
    expect(await jobOf(started.id)).toMatchObject({ status: 'succeeded', done: 2, total: 2 });
  });

  it('refuses a configuration that no longer parses, before starting', async () => {
    const [row] = await app.ctx.db
      .insert(sources)
      .values({ projectId, displayName: 'Converted custom', type: 'pipeline', config: { inputs: [{ type: 'ftp' }] } })
      .returning();
    const response = await call(app, 'POST', api(`/source/${row!.id}/pull`), editor.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'Input type must be one of web, sitemap, csv' });
  });
});

describe('a pull as a job', () => {
  it('whose process stops mid-pull goes back to the queue, having written nothing, and runs again from the start in the next', async () => {
    const slow = slowPage('/interrupted.html');
    const source = await createSource('pipeline', { inputs: [{ type: 'web', urls: [`${origin}/interrupted.html`] }] });
    const started = await startPull(source.id);
    await fetching(source.id, started.id, `${origin}/interrupted.html`);
    await vi.waitFor(() => expect(slow.requests).toBe(1));
    await withRunnerStopped(async () => {
      // The stop does not wait for the page: its fetch is abandoned.
      expect(await readPull(source.id, started.id)).toMatchObject({ status: 'running', finished_at: null });
      expect(await jobOf(started.id)).toMatchObject({ status: 'queued', runner: null });
      expect(await itemsOf(source.id)).toEqual([]);
      slow.release();
    });
    expect(await finished(source.id, started.id)).toMatchObject({ status: 'succeeded', summary: { created: 1, updated: 0, omitted: 0, unchanged: 0 } });
    expect(slow.requests).toBe(2);
    expect(await itemsOf(source.id)).toHaveLength(1);
  });

  it('cancelled while it runs stops at its next beat, writes nothing, ends failed and frees its source', async () => {
    const slow = slowPage('/cancelled.html');
    const source = await createSource('pipeline', { inputs: [{ type: 'web', urls: [`${origin}/cancelled.html`] }] });
    const started = await startPull(source.id);
    await fetching(source.id, started.id, `${origin}/cancelled.html`);
    expect(await cancelJob((await jobOf(started.id)).id)).toMatchObject({ status: 'running', cancel_requested: true });
    const ended = await finished(source.id, started.id);
    expect(ended).toMatchObject({ status: 'failed', error: jobMessages.cancelled, summary: null });
    expect(ended.finished_at).not.toBeNull();
    expect(await jobOf(started.id)).toMatchObject({ status: 'cancelled' });
    expect(await itemsOf(source.id)).toEqual([]);
    slow.release();
    expect((await pull(source.id)).status).toBe('succeeded');
  });

  it('cancelled before it ran ends failed at once and frees its source', async () => {
    const source = await createSource('rich_editor', doc(heading(1, 'Hours'), paragraph('Nine to five.')));
    await withRunnerStopped(async () => {
      const started = await startPull(source.id);
      expect(await cancelJob((await jobOf(started.id)).id)).toMatchObject({ status: 'cancelled' });
      expect(await readPull(source.id, started.id)).toMatchObject({ status: 'failed', error: jobMessages.cancelled });
    });
    expect((await pull(source.id)).status).toBe('succeeded');
  });

  it('whose processes kept stopping is given up, ending failed, and frees its source', async () => {
    const source = await createSource('rich_editor', doc(heading(1, 'Hours'), paragraph('Nine to five.')));
    const started = await withRunnerStopped(async () => {
      const queued = await startPull(source.id);
      // Claimed JOB_MAX_ATTEMPTS times by processes that stopped without a word.
      await app.ctx.db
        .update(jobs)
        .set({ status: 'running', runner: 'a stopped process', heartbeatAt: new Date(Date.now() - JOB_STALE_MS - 1000), attempts: JOB_MAX_ATTEMPTS })
        .where(eq(jobs.id, (await jobOf(queued.id)).id));
      return queued;
    });
    expect(await finished(source.id, started.id)).toMatchObject({ status: 'failed', error: jobMessages.stoppedTooOften(JOB_MAX_ATTEMPTS), summary: null });
    expect(await itemsOf(source.id)).toEqual([]);
    expect((await pull(source.id)).status).toBe('succeeded');
  });
});

describe('the outgoing-request guard in a pull', () => {
  // Every process on a database may run its pulls, so the app with the setting off has a database of its own.
  let guarded: EditorProject;
  beforeAll(async () => {
    const on = await createTestApp(await openTestDatabase(), { outboundAllowPrivate: false });
    const owner = await createSignedInUser(on);
    guarded = { app: on, token: owner.token, projectId: (await createWorkspaceTree(on, [{ user: owner.user, role: 'editor' }])).project.id };
  });

  it('with the setting off, refuses the local server, says which setting allows it, and changes nothing', async () => {
    site.set('/local.html', { body: '<title>Local</title><p>Private.</p>' });
    const source = await createSource('pipeline', { inputs: [{ type: 'web', urls: [`${origin}/local.html`] }] }, guarded);
    const failed = await pull(source.id, guarded);
    expect(failed).toMatchObject({
      status: 'failed',
      error: `Could not fetch ${origin}/local.html: the address 127.0.0.1 is not allowed (a private or local address; set OUTBOUND_ALLOW_PRIVATE=true on the server to allow the server's own network)`,
    });
    expect(await itemsOf(source.id, guarded)).toEqual([]);
    expect((await guarded.app.ctx.db.select().from(sources).where(eq(sources.id, source.id)))[0]!.kb).toEqual({ children: [] });

    const port = new URL(origin).port;
    await call(guarded.app, 'PUT', api(`/source/${source.id}/config`), guarded.token, { config: { inputs: [{ type: 'web', urls: [`http://localhost:${port}/local.html`] }] } });
    expect((await pull(source.id, guarded)).error).toMatch(new RegExp(`^Could not fetch http://localhost:${port}/local.html: the address (127\\.0\\.0\\.1|::1) is not allowed \\(a private or local address; set OUTBOUND_ALLOW_PRIVATE=true .+\\)$`));
  });

  it('refuses a redirect to a metadata address even with the setting on', async () => {
    site.set('/moved.html', (_request, response) => response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
    const source = await createSource('pipeline', { inputs: [{ type: 'web', urls: [`${origin}/moved.html`] }] });
    expect((await pull(source.id)).error).toBe(
      `Could not fetch ${origin}/moved.html: http://169.254.169.254/latest/meta-data/: the address 169.254.169.254 is not allowed`,
    );
  });
});
