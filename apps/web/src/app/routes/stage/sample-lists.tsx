import { projectList, type ListResponse } from '@console/contracts';
import { DataTable, modifiedColumn, nameColumn, useListQuery, type DataTableProps } from '@/components/data-table';
import { SampleCard } from './sample-card';

interface SampleRow {
  id: string;
  display_name: string;
  updated_at: string;
}

// The project list's columns and list rules: the filter bar, sorting and paging are the real ones.
const columns = [nameColumn<SampleRow>(), modifiedColumn<SampleRow>()];

/** What the failed sample's list call "answered": said to be a sample, so nobody takes it for a real outage. */
const SAMPLE_LIST_FAILURE = 'Sample failure: this list made no request.';

type SampleQuery = DataTableProps<SampleRow>['query'];

/** The three states a list shows without rows; none of them holds a made-up record. */
const states: { title: string; description: string; namespace: string; query: SampleQuery }[] = [
  {
    title: 'List: empty',
    description: "A list call that found nothing while no filter is set: the page's own empty state (here the default).",
    namespace: 'empty',
    query: { data: { records: [], total: 0 } satisfies ListResponse<SampleRow>, error: null, isError: false, isPending: false, isFetching: false },
  },
  {
    title: 'List: loading',
    description: 'The first page is on its way: placeholder rows, and the table says it is busy.',
    namespace: 'loading',
    query: { data: undefined, error: null, isError: false, isPending: true, isFetching: true },
  },
  {
    title: 'List: failed',
    description: "The list call failed: the server's detail above an empty table.",
    namespace: 'failed',
    query: { data: undefined, error: new Error(SAMPLE_LIST_FAILURE), isError: true, isPending: false, isFetching: false },
  },
];

function SampleList({ title, description, namespace, query }: (typeof states)[number]) {
  // Each table keeps its own paging in the URL, as two tables on one page do.
  const list = useListQuery(projectList, namespace);
  return (
    <SampleCard title={title} description={description}>
      <DataTable label={title} columns={columns} list={list} query={query} rowKey={(row) => row.id} />
    </SampleCard>
  );
}

/** DataTable (src/components/data-table) in its states without rows. */
export function SampleLists() {
  return states.map((state) => <SampleList key={state.namespace} {...state} />);
}
