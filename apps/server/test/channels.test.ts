import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  channelMessages,
  DEFAULT_WEB_CHANNEL_CONFIG,
  WEB_CHANNEL_RANGES,
  type Channel,
  type ChannelSummary,
  type ChannelType,
  type ProjectSummary,
  type WebChannelConfig,
} from '@console/contracts';
import { channels } from '../src/db/schema/index';
import { emptyArchive, multipartForm } from './authorization/rows-project';
import {
  call,
  countRows,
  createClock,
  createProjectTeam,
  createTestApp,
  createWorkspaceTree,
  expectError,
  openTestDatabase,
  type TestClock,
} from './helper';

type Team = Awaited<ReturnType<typeof createProjectTeam>>;

/** The channel routes: list, create, read, update, delete and the web widget's configuration; channels in archives. */

let app: FastifyInstance;
let clock: TestClock;
let admin: Team['admin'];
let editor: Team['editor'];
let viewer: Team['viewer'];
let tree: Team['tree'];
let elsewhere: Awaited<ReturnType<typeof createWorkspaceTree>>;

beforeAll(async () => {
  clock = createClock();
  app = await createTestApp(await openTestDatabase(), { clock });
  ({ admin, editor, viewer, tree } = await createProjectTeam(app));
  elsewhere = await createWorkspaceTree(app, [], 'Elsewhere');
});

const api = (path: string) => `/api/v1${path}`;
type ChannelPage = { records: ChannelSummary[]; total: number };

async function createChannel(body: Record<string, unknown> = {}, projectId = tree.project.id) {
  clock.advance(1000);
  const response = await call(app, 'POST', api(`/project/${projectId}/channel`), editor.token, {
    display_name: 'Website Chat',
    type: 'web',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Channel>();
}

/** A channel of a type that cannot be created (only web can). */
async function insertChannel(type: ChannelType) {
  const [row] = await app.ctx.db
    .insert(channels)
    .values({ projectId: tree.project.id, displayName: `Legacy ${type}`, type, key: `legacy-${type}-${Date.now()}`, config: { legacy: true } })
    .returning();
  return row!;
}

async function storedChannel(id: string) {
  const [row] = await app.ctx.db.select().from(channels).where(eq(channels.id, id));
  return row;
}

/** The default configuration with some fields replaced (one section deep). */
function configWith(edit: (config: WebChannelConfig) => void): WebChannelConfig {
  const config = structuredClone(DEFAULT_WEB_CHANNEL_CONFIG);
  edit(config);
  return config;
}

const paragraph = (value: string) => ({ children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value }] }] });

describe('creating and listing channels', () => {
  it('creates a web channel as a draft with a new public key and the default widget configuration', async () => {
    const channel = await createChannel();
    expect(channel).toMatchObject({
      project_id: tree.project.id,
      display_name: 'Website Chat',
      type: 'web',
      status: 'draft',
      config: DEFAULT_WEB_CHANNEL_CONFIG,
    });
    expect(channel.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await createChannel({ display_name: 'Support Chat' });
    expect(other.key).not.toBe(channel.key);

    const read = await call(app, 'GET', api(`/channel/${channel.id}`), viewer.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(channel);
  });

  it('refuses bad input with the contract messages and writes nothing', async () => {
    const before = await countRows(app, channels);
    const url = api(`/project/${tree.project.id}/channel`);
    const cases: [unknown, string][] = [
      [{ display_name: 'ab', type: 'web' }, 'Name must be at least 3 characters'],
      [{ display_name: 'x'.repeat(256), type: 'web' }, 'Name must be at most 255 characters'],
      [{ type: 'web' }, 'Name must be at least 3 characters'],
      [{ display_name: 'Search Box', type: 'search' }, 'Type must be one of web'],
      [{ display_name: 'Texts', type: 'twilio-sms-webhook' }, 'Type must be one of web'],
      [{ display_name: 'No Type' }, 'Type must be one of web'],
      [{ display_name: 'Keyed', type: 'web', key: 'mine' }, 'key is not an accepted field'],
    ];
    for (const [body, message] of cases) expectError(await call(app, 'POST', url, editor.token, body), 400, message);
    // The extremes of the range are fine.
    await createChannel({ display_name: 'abc' });
    await createChannel({ display_name: 'x'.repeat(255) });
    expect(await countRows(app, channels)).toBe(before + 2);
  });

  it('lists the project channels without their configuration, with filters and sorting', async () => {
    const { project } = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }], 'Listing');
    const beta = await createChannel({ display_name: 'Beta Chat' }, project.id);
    await createChannel({ display_name: 'alpha chat' }, project.id);
    clock.advance(1000);
    await call(app, 'PUT', api(`/channel/${beta.id}`), editor.token, { display_name: 'Beta Chat', status: 'active' });
    const list = async (query: string) => {
      const response = await call(app, 'GET', api(`/project/${project.id}/channel${query}`), editor.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ChannelPage>();
    };

    const all = await list('?sort_field=display_name&sort_direction=ascending');
    expect(all.total).toBe(2);
    expect(all.records.map((record) => record.display_name)).toEqual(['alpha chat', 'Beta Chat']);
    expect(all.records[0]).not.toHaveProperty('config');
    expect(Object.keys(all.records[0]!).sort()).toEqual(['created_at', 'display_name', 'id', 'key', 'project_id', 'status', 'type', 'updated_at']);

    // Newest change first by default: the update moved Beta's updated_at.
    expect((await list('')).records.map((record) => record.display_name)).toEqual(['Beta Chat', 'alpha chat']);
    expect((await list('?status__eq=active')).records.map((record) => record.display_name)).toEqual(['Beta Chat']);
    expect((await list('?status__eq=draft')).records.map((record) => record.display_name)).toEqual(['alpha chat']);
    expect((await list('?type__eq=web')).total).toBe(2);
    expect((await list('?type__eq=search')).total).toBe(0);
    expect((await list('?display_name__like=ALPHA')).total).toBe(1);
    expect((await list('?limit=1&offset=1&sort_field=display_name&sort_direction=ascending')).records.map((record) => record.display_name)).toEqual(['Beta Chat']);
    for (const query of ['?status__eq=paused', '?type__eq=carrier-pigeon', '?sort_field=key', '?config__eq=x']) {
      expectError(await call(app, 'GET', api(`/project/${project.id}/channel${query}`), editor.token), 400);
    }
  });

  it('answers 404 for channels and projects of another workspace, 400 for a malformed id', async () => {
    const [foreign] = await app.ctx.db
      .insert(channels)
      .values({ projectId: elsewhere.project.id, displayName: 'Not yours', type: 'web', key: `foreign-${Date.now()}`, config: DEFAULT_WEB_CHANNEL_CONFIG })
      .returning();
    expectError(await call(app, 'GET', api(`/project/${elsewhere.project.id}/channel`), editor.token), 404);
    expectError(await call(app, 'POST', api(`/project/${elsewhere.project.id}/channel`), editor.token, { display_name: 'Mine', type: 'web' }), 404);
    expectError(await call(app, 'GET', api(`/channel/${foreign!.id}`), editor.token), 404);
    expectError(await call(app, 'PUT', api(`/channel/${foreign!.id}`), editor.token, { display_name: 'Mine now', status: 'active' }), 404);
    expectError(await call(app, 'PUT', api(`/channel/${foreign!.id}/config`), editor.token, { config: DEFAULT_WEB_CHANNEL_CONFIG }), 404);
    expectError(await call(app, 'DELETE', api(`/channel/${foreign!.id}`), admin.token), 404);
    expectError(await call(app, 'GET', api('/channel/not-a-uuid'), editor.token), 400, 'Id must be a valid UUID.');
    expectError(await call(app, 'GET', api(`/channel/${tree.project.id}`), editor.token), 404);
    expect(await storedChannel(foreign!.id)).toMatchObject({ displayName: 'Not yours', status: 'draft' });
  });
});

describe('updating and deleting', () => {
  it('renames a channel and sets its status, keeping its key and configuration', async () => {
    const channel = await createChannel();
    clock.advance(1000);
    const updated = await call(app, 'PUT', api(`/channel/${channel.id}`), editor.token, { display_name: 'Storefront Chat', status: 'active' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({
      ...channel,
      display_name: 'Storefront Chat',
      status: 'active',
      updated_at: clock.now().toISOString(),
    });
    const back = await call(app, 'PUT', api(`/channel/${channel.id}`), editor.token, { display_name: 'Storefront Chat', status: 'draft' });
    expect(back.json()).toMatchObject({ status: 'draft', key: channel.key });
  });

  it('refuses a bad update with the contract messages and changes nothing', async () => {
    const channel = await createChannel();
    const url = api(`/channel/${channel.id}`);
    const cases: [unknown, string][] = [
      [{ display_name: 'ab', status: 'active' }, 'Name must be at least 3 characters'],
      [{ display_name: 'x'.repeat(256), status: 'active' }, 'Name must be at most 255 characters'],
      [{ status: 'active' }, 'Name must be at least 3 characters'],
      [{ display_name: 'Paused Chat', status: 'paused' }, 'Status must be one of active, draft'],
      [{ display_name: 'No Status' }, 'Status must be one of active, draft'],
      [{ display_name: 'Retyped', status: 'active', type: 'search' }, 'type is not an accepted field'],
      [{ display_name: 'Rekeyed', status: 'active', key: 'mine' }, 'key is not an accepted field'],
    ];
    for (const [body, message] of cases) expectError(await call(app, 'PUT', url, editor.token, body), 400, message);
    expect((await call(app, 'GET', url, viewer.token)).json()).toEqual(channel);
  });

  it('deletes a channel (admins only)', async () => {
    const channel = await createChannel();
    const url = api(`/channel/${channel.id}`);
    expectError(await call(app, 'DELETE', url, editor.token), 403);
    const deleted = await call(app, 'DELETE', url, admin.token);
    expect(deleted.statusCode).toBe(204);
    expect(await storedChannel(channel.id)).toBeUndefined();
    expectError(await call(app, 'GET', url, admin.token), 404);
    expectError(await call(app, 'DELETE', url, admin.token), 404);
  });

  it('lets viewers read but not write', async () => {
    const channel = await createChannel();
    expect((await call(app, 'GET', api(`/project/${tree.project.id}/channel`), viewer.token)).statusCode).toBe(200);
    expectError(await call(app, 'POST', api(`/project/${tree.project.id}/channel`), viewer.token, { display_name: 'Viewer Chat', type: 'web' }), 403);
    expectError(await call(app, 'PUT', api(`/channel/${channel.id}`), viewer.token, { display_name: 'Viewer Chat', status: 'active' }), 403);
    expectError(await call(app, 'PUT', api(`/channel/${channel.id}/config`), viewer.token, { config: DEFAULT_WEB_CHANNEL_CONFIG }), 403);
    expectError(await call(app, 'DELETE', api(`/channel/${channel.id}`), viewer.token), 403);
    expect(await storedChannel(channel.id)).toMatchObject({ displayName: 'Website Chat', status: 'draft', config: DEFAULT_WEB_CHANNEL_CONFIG });
  });
});

describe('the web channel configuration', () => {
  it('stores every field of the widget configuration', async () => {
    const channel = await createChannel();
    const config: WebChannelConfig = {
      concierge: { name: 'Ada', titleColor: '#112233', subtitleColor: '#445566' },
      logos: { brand: 'https://example.com/brand.png', icon: 'https://example.com/icon.png' },
      controlBar: {
        textColor: '#000',
        placeholderText: 'Type here',
        placeholderColor: '#999999',
        closeIconColor: '#123456',
        closeIconHoverColor: '#654321',
      },
      window: {
        blur: 2.3,
        fullWidth: 1010,
        sideWidth: 640,
        backgroundColor: '#fafafa',
        backgroundGradient: true,
        backgroundTransparent: true,
        accentColor: '#ff0000',
        openButtonColor: '#00ff00',
        preferMute: false,
        startMaximized: true,
        startOpened: true,
        omitHeader: true,
      },
      bubbles: {
        maxWidth: 420,
        welcomeMessage: null,
        errorMessage: paragraph('Oops, try again.') as WebChannelConfig['bubbles']['errorMessage'],
        conciergeTextColor: '#222222',
        conciergeLinkTextColor: '#0000ffcc',
      },
      footer: paragraph('Powered by us') as WebChannelConfig['footer'],
      ttsGender: 'male',
      ttsVoice: 'd',
      locale: 'de-DE',
      allowClear: false,
      feedback: false,
      responseTimeout: 12250,
    };
    clock.advance(1000);
    const saved = await call(app, 'PUT', api(`/channel/${channel.id}/config`), editor.token, { config });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...channel, config, updated_at: clock.now().toISOString() });
    expect((await storedChannel(channel.id))?.config).toEqual(config);
  });

  it('reads a configuration saved before Ask for Feedback existed with feedback on, keeping every stored value', async () => {
    const channel = await createChannel();
    const { feedback: _added, ...saved } = configWith((draft) => {
      draft.allowClear = false;
      draft.concierge.name = 'Ada';
    });
    await app.ctx.db.update(channels).set({ config: saved }).where(eq(channels.id, channel.id));
    const read = await call(app, 'GET', api(`/channel/${channel.id}`), viewer.token);
    expect(read.json<Channel>().config).toEqual({ ...saved, feedback: true });
  });

  it('accepts the ends of every slider range of WEB_CHANNEL_RANGES', async () => {
    const channel = await createChannel();
    const url = api(`/channel/${channel.id}/config`);
    const { blur, fullWidth, sideWidth, maxWidth, responseTimeout } = WEB_CHANNEL_RANGES;
    expect([blur, fullWidth, sideWidth, maxWidth, responseTimeout]).toEqual([
      { min: 0, max: 5, step: 0.1 },
      { min: 400, max: 1200, step: 10 },
      { min: 400, max: 800, step: 10 },
      { min: 200, max: 500, step: 10 },
      { min: 3000, max: 30000, step: 250 },
    ]);
    for (const end of ['min', 'max'] as const) {
      const config = configWith((draft) => {
        draft.window.blur = blur[end];
        draft.window.fullWidth = fullWidth[end];
        draft.window.sideWidth = sideWidth[end];
        draft.bubbles.maxWidth = maxWidth[end];
        draft.responseTimeout = responseTimeout[end];
      });
      const response = await call(app, 'PUT', url, editor.token, { config });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Channel>().config).toEqual(config);
    }
  });

  it('refuses every value outside the rules with its message and changes nothing', async () => {
    const channel = await createChannel();
    const url = api(`/channel/${channel.id}/config`);
    const cases: [string, (config: WebChannelConfig) => void, string][] = [
      ['blur below 0', (c) => (c.window.blur = -0.1), 'Blur must not be less than 0'],
      ['blur above 5', (c) => (c.window.blur = 5.1), 'Blur must not be greater than 5'],
      ['blur off its 0.1 steps', (c) => (c.window.blur = 0.15), 'Blur must be a multiple of 0.1'],
      ['full width below 400', (c) => (c.window.fullWidth = 390), 'Full Width must not be less than 400'],
      ['full width above 1200', (c) => (c.window.fullWidth = 1210), 'Full Width must not be greater than 1200'],
      ['full width off its steps', (c) => (c.window.fullWidth = 805), 'Full Width must be a multiple of 10'],
      ['side width below 400', (c) => (c.window.sideWidth = 390), 'Side Width must not be less than 400'],
      ['side width above 800', (c) => (c.window.sideWidth = 810), 'Side Width must not be greater than 800'],
      ['side width off its steps', (c) => (c.window.sideWidth = 455), 'Side Width must be a multiple of 10'],
      ['bubble width below 200', (c) => (c.bubbles.maxWidth = 190), 'Max Bubble Width must not be less than 200'],
      ['bubble width above 500', (c) => (c.bubbles.maxWidth = 510), 'Max Bubble Width must not be greater than 500'],
      ['bubble width off its steps', (c) => (c.bubbles.maxWidth = 365), 'Max Bubble Width must be a multiple of 10'],
      ['timeout below 3000', (c) => (c.responseTimeout = 2750), 'Response Timeout must not be less than 3000'],
      ['timeout above 30000', (c) => (c.responseTimeout = 30250), 'Response Timeout must not be greater than 30000'],
      ['timeout off its 250 steps', (c) => (c.responseTimeout = 10100), 'Response Timeout must be a multiple of 250'],
      ['a width as text', (c) => ((c.window as Record<string, unknown>).fullWidth = '800'), 'Full Width must be a number'],
      ['an empty concierge name', (c) => (c.concierge.name = ''), 'Concierge Name must be at least 1 character'],
      ['a long concierge name', (c) => (c.concierge.name = 'x'.repeat(65)), 'Concierge Name must be at most 64 characters'],
      ['a long placeholder', (c) => (c.controlBar.placeholderText = 'x'.repeat(129)), 'Placeholder Text must be at most 128 characters'],
      ['a colour name', (c) => (c.concierge.titleColor = 'red'), 'Title Color must be a colour like #1c7ed6'],
      ['a short hex colour', (c) => (c.window.accentColor = '#12'), 'Accent Color must be a colour like #1c7ed6'],
      ['a css injection', (c) => (c.bubbles.conciergeTextColor = '#fff;background:url(x)'), 'Concierge Text Color must be a colour like #1c7ed6'],
      ['a switch as text', (c) => ((c.window as Record<string, unknown>).startOpened = 'yes'), 'Start Opened must be one of true, false'],
      ['an unknown voice', (c) => ((c as Record<string, unknown>).ttsVoice = 'e'), 'TTS Voice must be one of a, b, c, d'],
      ['an unknown gender', (c) => ((c as Record<string, unknown>).ttsGender = 'robot'), 'TTS Gender must be one of female, male'],
      ['a bad locale', (c) => (c.locale = 'not a locale!'), 'Locale must be a language tag like en-US'],
      ['a script logo', (c) => (c.logos.brand = 'javascript:alert(1)'), 'Image URL must use http or https'],
      ['no error message', (c) => ((c.bubbles as Record<string, unknown>).errorMessage = null), 'A KB document must be an object with children'],
      ['an unknown field', (c) => ((c as Record<string, unknown>).theme = 'dark'), 'theme is not an accepted field'],
      ['a missing section', (c) => delete (c as Partial<WebChannelConfig>).window, 'Body must be a JSON object'],
    ];
    for (const [what, edit, message] of cases) {
      const response = await call(app, 'PUT', url, editor.token, { config: configWith(edit) });
      expect(response.statusCode, what).toBe(400);
      expectError(response, 400, message);
    }
    expectError(await call(app, 'PUT', url, editor.token, {}), 400, 'Body must be a JSON object');
    expect((await storedChannel(channel.id))?.config).toEqual(DEFAULT_WEB_CHANNEL_CONFIG);
  });

  it('allows no welcome message and no footer, but always an error message', async () => {
    const channel = await createChannel();
    const config = configWith((draft) => {
      draft.bubbles.welcomeMessage = null;
      draft.footer = null;
    });
    const response = await call(app, 'PUT', api(`/channel/${channel.id}/config`), editor.token, { config });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Channel>().config).toMatchObject({ bubbles: { welcomeMessage: null }, footer: null });
  });

  it('answers that other channel types are not implemented', async () => {
    const legacy = await insertChannel('hubspot');
    const response = await call(app, 'PUT', api(`/channel/${legacy.id}/config`), editor.token, { config: DEFAULT_WEB_CHANNEL_CONFIG });
    expectError(response, 400, channelMessages.notImplemented);
    expect((await storedChannel(legacy.id))?.config).toEqual({ legacy: true });
    // The rest of such a channel works as for any channel.
    expect((await call(app, 'GET', api(`/channel/${legacy.id}`), viewer.token)).json()).toMatchObject({ type: 'hubspot', config: { legacy: true } });
    const renamed = await call(app, 'PUT', api(`/channel/${legacy.id}`), editor.token, { display_name: 'HubSpot Chat', status: 'active' });
    expect(renamed.json()).toMatchObject({ display_name: 'HubSpot Chat', status: 'active' });
  });
});

describe('channels in project archives', () => {
  async function importArchive(archive: unknown) {
    const { payload, headers } = multipartForm([{ name: 'file', filename: 'project.json', content: JSON.stringify(archive) }]);
    return app.inject({
      method: 'POST',
      url: api(`/workspace/${tree.workspace.id}/project/import`),
      payload,
      headers: { ...headers, authorization: `Bearer ${admin.token}` },
    });
  }

  it('exports channels without their keys and imports them with new keys', async () => {
    const { project } = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }], 'Archived');
    const web = await createChannel({ display_name: 'Website Chat' }, project.id);
    const config = configWith((draft) => (draft.concierge.name = 'Archie'));
    await call(app, 'PUT', api(`/channel/${web.id}/config`), editor.token, { config });
    await call(app, 'PUT', api(`/channel/${web.id}`), editor.token, { display_name: 'Website Chat', status: 'active' });
    const draft = await createChannel({ display_name: 'Draft Chat' }, project.id);

    const exported = await call(app, 'GET', api(`/project/${project.id}/archive`), editor.token);
    expect(exported.statusCode, exported.body).toBe(200);
    const archive = exported.json<{ channels: Record<string, unknown>[] }>();
    expect(archive.channels).toEqual([
      { display_name: 'Website Chat', type: 'web', status: 'active', config, created_at: web.created_at, updated_at: expect.any(String) },
      { display_name: 'Draft Chat', type: 'web', status: 'draft', config: DEFAULT_WEB_CHANNEL_CONFIG, created_at: draft.created_at, updated_at: draft.updated_at },
    ]);
    expect(JSON.stringify(archive)).not.toContain(web.key);

    const imported = await importArchive(archive);
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = imported.json<ProjectSummary>();
    const copies = (await call(app, 'GET', api(`/project/${copy.id}/channel?sort_field=created_at&sort_direction=ascending`), admin.token)).json<ChannelPage>();
    expect(copies.records.map((record) => [record.display_name, record.status, record.created_at])).toEqual([
      ['Website Chat', 'active', web.created_at],
      ['Draft Chat', 'draft', draft.created_at],
    ]);
    for (const record of copies.records) expect([web.key, draft.key]).not.toContain(record.key);
    const copied = (await call(app, 'GET', api(`/channel/${copies.records[0]!.id}`), admin.token)).json<Channel>();
    expect(copied.config).toEqual(config);

    // A clone is an export and an import: new keys too.
    const cloned = await call(app, 'POST', api(`/project/${project.id}/clone`), editor.token, {});
    expect(cloned.statusCode, cloned.body).toBe(201);
    const cloneChannels = (await call(app, 'GET', api(`/project/${cloned.json<ProjectSummary>().id}/channel`), editor.token)).json<ChannelPage>();
    expect(cloneChannels.total).toBe(2);
    for (const record of cloneChannels.records) expect([web.key, draft.key]).not.toContain(record.key);
  });

  it('imports archives written before channels were archived', async () => {
    const before = await countRows(app, channels);
    const imported = await importArchive(emptyArchive('Older Archive'));
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await countRows(app, channels)).toBe(before);
  });

  it('refuses an archive with an invalid channel, naming where, and writes nothing', async () => {
    const channel = (config: unknown, extra: Record<string, unknown> = {}) => ({
      display_name: 'Website Chat',
      type: 'web',
      status: 'active',
      config,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      ...extra,
    });
    const cases: [unknown[], string][] = [
      [[channel(configWith((draft) => (draft.window.blur = 6)))], 'channels[0].config.window.blur: Blur must not be greater than 5'],
      [[channel(DEFAULT_WEB_CHANNEL_CONFIG), channel({})], 'channels[1].config.concierge: '],
      [[channel(DEFAULT_WEB_CHANNEL_CONFIG, { status: 'paused' })], 'channels[0].status: Status must be one of active, draft'],
      [[channel(DEFAULT_WEB_CHANNEL_CONFIG, { display_name: 'ab' })], 'channels[0].display_name: Name must be at least 3 characters'],
      [[channel(DEFAULT_WEB_CHANNEL_CONFIG, { type: 'fax' })], 'channels[0].type: Type must be one of web, search, hubspot, hubspot-webhook, twilio-sms-webhook, twilio-voice-webhook'],
      [[channel('text')], 'channels[0].config: Config must be a JSON object'],
    ];
    const before = await countRows(app, channels);
    for (const [archived, message] of cases) {
      const response = await importArchive({ ...emptyArchive('Broken Channels'), channels: archived });
      const body = expectError(response, 400);
      expect(body.detail).toContain(message);
    }
    // Other types keep what they hold: their configuration has no schema yet.
    const legacy = await importArchive({ ...emptyArchive('Legacy Channels'), channels: [channel({ portal: 42 }, { type: 'hubspot' })] });
    expect(legacy.statusCode, legacy.body).toBe(201);
    expect(await countRows(app, channels)).toBe(before + 1);
  });
});
