import { load } from 'cheerio';
import {
  KB_HEADER_TYPE,
  PIPELINE_DEFAULT_MAX_PAGES,
  PIPELINE_MAX_PAGES,
  type KbDocument,
  type KbHeader,
  type PipelineConfig,
  type PipelineInput,
} from '@console/contracts';
import { OutboundError, outboundFetch, type OutboundResponse } from '../../../platform/outbound';
import { csvItems } from './csv';
import { readHtmlPage } from './html';
import { KEY_PATH_SEPARATOR, hasContent, limitResponse, pulledSubject, PullError, withUniqueKeys, type PulledItem } from './items';
import type { PullProgress } from './progress';

/** Pages fetched at once. */
const PAGE_CONCURRENCY = 4;
/** Sitemap files read for one sitemap input (an index and the sitemaps it names). */
const SITEMAP_MAX_FILES = 50;
/** The KB header of a CSV written into the configuration. */
const INLINE_CSV_HEADER = 'Inline CSV';

interface PipelineFindings {
  items: PulledItem[];
  /** What was pulled, a header per page or CSV input holding its items: the source's new KB. */
  kb: KbDocument;
}

interface Fetcher {
  (url: string, accept: string): Promise<OutboundResponse>;
}

/** A page's address as its items' keys know it: absolute, without its fragment. */
function pageAddress(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

function itemHeader(title: string, items: PulledItem[]): KbHeader {
  return {
    type: KB_HEADER_TYPE,
    header: title,
    level: 1,
    children: items.map((item) => ({ type: KB_HEADER_TYPE, header: item.subject, level: 2, children: item.response.children })),
  };
}

/** Every fetch of a pull: guarded, counted in the progress, and any failure a PullError naming the URL. */
function fetcherFor(progress: PullProgress, allowPrivate: boolean, signal: AbortSignal): Fetcher {
  return async (url, accept) => {
    await progress.step(`Fetching ${url}`);
    let response: OutboundResponse;
    try {
      response = await outboundFetch(url, { allowPrivate, headers: { accept }, signal });
    } catch (error) {
      if (error instanceof OutboundError) {
        throw new PullError(`Could not fetch ${url}: ${error.url === new URL(url).href ? error.reason : error.message}`);
      }
      throw error;
    }
    if (!response.ok) throw new PullError(`Could not fetch ${url}: ${response.status} ${response.statusText}`.trimEnd());
    await progress.advance();
    return response;
  };
}

/** The page URLs a sitemap lists, following sitemap indexes, up to its max_pages. */
async function sitemapPages(input: Extract<PipelineInput, { type: 'sitemap' }>, fetch: Fetcher, progress: PullProgress): Promise<string[]> {
  const maxPages = input.max_pages ?? PIPELINE_DEFAULT_MAX_PAGES;
  const pages: string[] = [];
  const queue = [input.url];
  const read = new Set<string>();
  while (queue.length && pages.length < maxPages && read.size < SITEMAP_MAX_FILES) {
    const url = queue.shift()!;
    if (read.has(url)) continue;
    // The input's own sitemap is already counted; the ones it names add to the work.
    if (read.size > 0) await progress.resize(progress.state.total + 1);
    read.add(url);
    const $ = load((await fetch(url, 'application/xml, text/xml;q=0.9, */*;q=0.1')).text(), { xml: true });
    const locations = (selector: string) =>
      $(selector)
        .toArray()
        .flatMap((element) => {
          try {
            const location = new URL($(element).text().trim());
            return location.protocol === 'http:' || location.protocol === 'https:' ? [location.href] : [];
          } catch {
            return [];
          }
        });
    queue.push(...locations('sitemapindex > sitemap > loc'));
    pages.push(...locations('urlset > url > loc'));
  }
  return pages.slice(0, maxPages);
}

async function pageItems(url: string, fetch: Fetcher): Promise<{ items: PulledItem[]; header: KbHeader }> {
  const response = await fetch(url, 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1');
  const type = response.headers['content-type'];
  if (type && !/html/i.test(type)) throw new PullError(`Could not read ${url}: it is not an HTML page (${type})`);
  const page = readHtmlPage(response.body, response.url);
  const items: PulledItem[] = [];
  if (hasContent(page.intro)) {
    items.push({ key: url, subject: pulledSubject(page.title ?? '') || pulledSubject(url), response: limitResponse({ children: page.intro }), utterances: [] });
  }
  for (const section of page.sections) {
    if (!hasContent(section.blocks)) continue;
    items.push({
      key: [url, ...section.path].join(KEY_PATH_SEPARATOR),
      subject: pulledSubject(section.path.at(-1)!),
      response: limitResponse({ children: section.blocks }),
      utterances: [],
    });
  }
  return { items, header: itemHeader(url, items) };
}

async function csvInputItems(input: Extract<PipelineInput, { type: 'csv' }>, fetch: Fetcher): Promise<{ items: PulledItem[]; header: KbHeader }> {
  const text = input.url === undefined ? (input.text ?? '') : (await fetch(input.url, 'text/csv, text/plain;q=0.9, */*;q=0.1')).text();
  const items = csvItems(text, input.url ?? null);
  return { items, header: itemHeader(input.url ?? INLINE_CSV_HEADER, items) };
}

/** Runs the tasks, a few at a time, in their order; the first failure stops the rest. */
async function inOrder<T>(tasks: (() => Promise<T>)[], concurrency: number, stop: AbortController): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < tasks.length) {
      const index = next++;
      try {
        results[index] = await tasks[index]!();
      } catch (error) {
        failure ??= { error };
        stop.abort();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}

/** The fetches a configuration needs before its sitemaps are read (and the write after them). */
export function initialPipelineTotal(config: PipelineConfig): number {
  const fetches = config.inputs.reduce((total, input) => {
    if (input.type === 'web') return total + input.urls.length;
    return total + (input.type === 'csv' && input.url === undefined ? 0 : 1);
  }, 0);
  return fetches + 1;
}

/**
 * Fetches and reads everything a pipeline names, writing nothing: sitemaps first (they say which
 * pages there are), then pages and CSV files. Each page is fetched once, however often it is named.
 * `signal` (the pull cancelled, its process stopping) stops the fetches under way.
 */
export async function pipelineFindings(config: PipelineConfig, progress: PullProgress, allowPrivate: boolean, signal: AbortSignal): Promise<PipelineFindings> {
  const stop = new AbortController();
  const fetch = fetcherFor(progress, allowPrivate, AbortSignal.any([stop.signal, signal]));
  const tasks: (() => Promise<{ items: PulledItem[]; header: KbHeader }>)[] = [];
  const pages = new Set<string>();
  const addPage = (url: string) => {
    const address = pageAddress(url);
    if (pages.has(address)) return;
    pages.add(address);
    tasks.push(() => pageItems(address, fetch));
  };
  for (const input of config.inputs) {
    if (input.type === 'web') input.urls.forEach(addPage);
    else if (input.type === 'sitemap') (await sitemapPages(input, fetch, progress)).forEach(addPage);
    else tasks.push(() => csvInputItems(input, fetch));
  }
  if (pages.size > PIPELINE_MAX_PAGES) {
    throw new PullError(`A pull reads at most ${PIPELINE_MAX_PAGES} pages; this configuration names ${pages.size}.`);
  }
  const { done } = progress.state;
  const remaining = tasks.length - config.inputs.filter((input) => input.type === 'csv' && input.url === undefined).length;
  await progress.resize(done + remaining + 1);
  const found = await inOrder(tasks, PAGE_CONCURRENCY, stop);
  return {
    items: withUniqueKeys(found.flatMap((part) => part.items)),
    kb: { children: found.map((part) => part.header) },
  };
}
