import { Text } from '@mantine/core';
import { sourceConversions, sourceMessages, type Source } from '@console/contracts';
import { sourceTypeLabels } from '../source-types';
import { ConvertSourceCard } from './convert-source-card';
import { PipelineConfigCard } from './pipeline-config-card';
import { RichEditorCard } from './rich-editor-card';
import { SourceCard } from './source-card';

/** The card of a source's type: its editor, a conversion, or 'not yet implemented'. */
export function SourceTypeCard({ source, canUpdate }: { source: Source; canUpdate: boolean }) {
  if (source.type === 'rich_editor') return <RichEditorCard source={source} canUpdate={canUpdate} />;
  if (source.type === 'pipeline') return <PipelineConfigCard source={source} canUpdate={canUpdate} />;
  const target = sourceConversions[source.type];
  if (target) return <ConvertSourceCard source={source} target={target} canUpdate={canUpdate} />;
  return (
    <SourceCard title={sourceTypeLabels[source.type]}>
      <Text c="dimmed">{sourceMessages.notImplemented}</Text>
    </SourceCard>
  );
}
