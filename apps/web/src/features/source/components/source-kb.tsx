import { useId, type ReactNode } from 'react';
import { Anchor, Badge, Box, Card, Divider, Group, Image, List, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import {
  KB_HEADER_TYPE,
  imageUrlSchema,
  kbSourceTypes,
  linkUrlSchema,
  sourceMessages,
  type KbBlock,
  type KbHeader,
  type KbInline,
  type Source,
  type TextMark,
} from '@console/contracts';

/*
 * A source's KB tree rendered with React elements only (never an HTML string), and links and
 * images only where their URL passes the contracts' rules (http, https, mailto): a tree that
 * somehow holds a `javascript:` URL shows its text, not a live link.
 */

/** The KB section's title sits at h3; headers nest below it. */
const KB_TITLE_ORDER = 3;

function withMarks(content: ReactNode, marks: TextMark[] | undefined): ReactNode {
  return (marks ?? []).reduce<ReactNode>((inner, mark) => (mark === 'bold' ? <strong>{inner}</strong> : <em>{inner}</em>), content);
}

function Inline({ node }: { node: KbInline }) {
  if (node.type === 'hierarchy_link' && linkUrlSchema.safeParse(node.url).success) {
    const newTab = node.target === 'new_tab';
    return (
      <Anchor href={node.url} target={newTab ? '_blank' : undefined} rel="noopener noreferrer" inherit>
        {withMarks(node.value, node.marks)}
      </Anchor>
    );
  }
  return <>{withMarks(node.value, node.marks)}</>;
}

function HeaderSection({ block, depth }: { block: KbHeader; depth: number }) {
  const titleId = useId();
  const order = Math.min(6, KB_TITLE_ORDER + depth) as TitleOrder;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      pl="sm"
      style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={6}>
        <Title order={order} size="h5" id={titleId}>
          {block.header || 'Untitled section'}
        </Title>
        <KbBlocks blocks={block.children} depth={depth + 1} />
      </Stack>
    </Box>
  );
}

function Block({ block, depth }: { block: KbBlock; depth: number }) {
  switch (block.type) {
    case KB_HEADER_TYPE:
      return <HeaderSection block={block} depth={depth} />;
    case 'hierarchy_paragraph':
      return (
        <Text size="sm">
          {block.children.map((inline, index) => (
            <Inline key={index} node={inline} />
          ))}
        </Text>
      );
    case 'hierarchy_list':
      return (
        <List type={block.ordered ? 'ordered' : 'unordered'} start={block.ordered ? block.start : undefined} size="sm" withPadding>
          {block.items.map((item, index) => (
            <List.Item key={index}>
              <KbBlocks blocks={item.children} depth={depth} />
            </List.Item>
          ))}
        </List>
      );
    case 'hierarchy_image':
      return imageUrlSchema.safeParse(block.url).success ? (
        <Image
          src={block.url}
          alt={block.alt ?? ''}
          title={block.title ?? undefined}
          maw={320}
          radius="sm"
          fit="contain"
          loading="lazy"
        />
      ) : (
        <Text size="sm" c="dimmed">
          An image whose address is not allowed.
        </Text>
      );
    case 'hierarchy_actions':
      return (
        <Group gap="xs" role="group" aria-label="Quick replies">
          {block.actions.map((action, index) => (
            <Badge
              key={index}
              variant="outline"
              tt="none"
              radius="sm"
              title={action.type === 'query' ? `Asks: ${action.utterance}` : `Sends the event ${action.event}`}
            >
              {action.label}
            </Badge>
          ))}
        </Group>
      );
    case 'hierarchy_cutoff':
      return <Divider variant="dashed" label="Cutoff" labelPosition="center" />;
    case 'hierarchy_horizontal_rule':
      return <Divider />;
    default:
      // A node type this console does not know is left out rather than guessed at.
      return null;
  }
}

function KbBlocks({ blocks, depth }: { blocks: KbBlock[]; depth: number }) {
  return (
    <Stack gap="xs">
      {blocks.map((block, index) => (
        <Block key={index} block={block} depth={depth} />
      ))}
    </Stack>
  );
}

/** The KB section of a source: its tree, or why there is none. */
export function SourceKb({ source }: { source: Source }) {
  const titleId = useId();
  const blocks = source.kb?.children ?? [];
  let body: ReactNode;
  if (!kbSourceTypes.includes(source.type)) body = <Text c="dimmed">{sourceMessages.noKb}</Text>;
  else if (blocks.length === 0) body = <Text c="dimmed">{sourceMessages.emptyKb}</Text>;
  else body = <KbBlocks blocks={blocks} depth={1} />;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={KB_TITLE_ORDER} size="h4" id={titleId}>
          KB
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
