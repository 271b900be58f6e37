import { describe, expect, it } from 'vitest';
import { conversationList, queryList, summaryLinks, type SummaryCount } from '@console/contracts';
import { countLink, exploreLink } from './analytics-links';

const filters = { from: '2026-01-01', to: '2026-01-31', deploymentKey: null, realtime: false };
const parse = (link: string) => {
  const url = new URL(link, 'http://console.test');
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
};

describe('countLink', () => {
  it('opens the out-of-scope questions of the range', () => {
    expect(parse(countLink('p1', 'oos_count', filters))).toEqual({
      path: '/project/p1/query',
      params: { issued_at__gte: '2026-01-01', issued_at__lte: '2026-01-31', response_type__eq: 'oos' },
    });
  });

  it('opens the answers to visitors who asked for a person', () => {
    expect(parse(countLink('p1', 'handoff_count', filters)).params).toMatchObject({ response_type__eq: 'handoff' });
  });

  it('opens every question for Queries, and the rated answers for Liked and Disliked', () => {
    expect(parse(countLink('p1', 'request_count', filters)).params).toEqual({ issued_at__gte: '2026-01-01', issued_at__lte: '2026-01-31' });
    expect(parse(countLink('p1', 'liked_count', filters))).toMatchObject({ path: '/project/p1/query', params: { feedback__eq: 'up' } });
    expect(parse(countLink('p1', 'disliked_count', filters)).params).toMatchObject({ feedback__eq: 'down' });
  });

  it('carries the Real-Time Test switch when it is on', () => {
    expect(parse(countLink('p1', 'conversation_count', { ...filters, realtime: true })).params).toMatchObject({ include_realtime__eq: 'true' });
    expect(parse(countLink('p1', 'conversation_count', filters)).params).not.toHaveProperty('include_realtime__eq');
  });

  it('opens the conversations for conversation counts, with the deployment', () => {
    expect(parse(countLink('p1', 'conv_error_count', { ...filters, deploymentKey: 'prod' }))).toEqual({
      path: '/project/p1/conv',
      params: { issued_at__gte: '2026-01-01', issued_at__lte: '2026-01-31', deployment_key__eq: 'prod', data_type__eq: 'error' },
    });
  });

  it('gives every count a link its list accepts', () => {
    for (const count of Object.keys(summaryLinks) as SummaryCount[]) {
      const { path, params } = parse(countLink('p1', count, { ...filters, deploymentKey: 'k', realtime: true }));
      const spec = path.endsWith('/query') ? queryList : conversationList;
      const link = exploreLink(path, new URLSearchParams(params), spec);
      expect(parse(link).params).toEqual(params);
    }
  });
});

describe('exploreLink', () => {
  it('carries the filters the other list accepts, and no paging or sorting', () => {
    const params = new URLSearchParams(
      'offset=20&sort_field=issued_at&sort_direction=ascending&issued_at__gte=2026-01-01&integration_type__eq=realtime&input_method__eq=text&response_type__eq=oos&deployment_key__eq=k&confidence__lte=0.5&feedback__eq=down&include_realtime__eq=true',
    );
    expect(exploreLink('/project/p1/conv', params, conversationList)).toBe(
      '/project/p1/conv?issued_at__gte=2026-01-01&response_type__eq=oos&deployment_key__eq=k&feedback__eq=down&include_realtime__eq=true',
    );
    expect(exploreLink('/project/p1/query', new URLSearchParams('offset=10'), queryList)).toBe('/project/p1/query');
  });
});
