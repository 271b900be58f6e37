import { createElement, type ReactNode } from 'react';
import type { KbBlock, KbDocument, KbInline } from '@console/contracts';
import { IMAGE_PROTOCOLS, LINK_PROTOCOLS, safeUrl } from '../safe-url';
import { QuickReplies, type ActionHandler } from './quick-replies';

/**
 * A response's KB nodes as React elements: text is only ever text (never parsed as HTML), links only
 * http/https/mailto, images only http/https; a node of a type this widget does not know shows nothing.
 */
export function KbContent({ document, ...handler }: { document: KbDocument } & ActionHandler) {
  return <>{blocks(document.children, handler)}</>;
}

function blocks(nodes: readonly KbBlock[], handler: ActionHandler): ReactNode[] {
  return nodes.map((node, index) => <Block key={index} node={node} handler={handler} />);
}

/** Answer headings sit below the window's own title (an h2). */
function headingTag(level: number): 'h3' | 'h4' | 'h5' | 'h6' {
  return `h${Math.min(6, Math.max(3, level + 2))}` as 'h3' | 'h4' | 'h5' | 'h6';
}

function Block({ node, handler }: { node: KbBlock; handler: ActionHandler }) {
  switch (node.type) {
    case 'hierarchy_paragraph':
      return <p>{node.children.map((inline, index) => <Inline key={index} node={inline} />)}</p>;
    case 'hierarchy_list': {
      const items = node.items.map((item, index) => <li key={index}>{blocks(item.children, handler)}</li>);
      return node.ordered ? <ol start={node.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'hierarchy_image': {
      const src = safeUrl(node.url, IMAGE_PROTOCOLS);
      if (!src) return null;
      return <img src={src} alt={node.alt ?? ''} title={node.title ?? undefined} loading="lazy" referrerPolicy="no-referrer" />;
    }
    case 'hierarchy_actions':
      return <QuickReplies actions={node.actions} {...handler} />;
    case 'hierarchy_cutoff':
      return (
        <p className="cutoff" role="note" aria-label="The answer is shortened">
          …
        </p>
      );
    case 'hierarchy_horizontal_rule':
      return <hr />;
    case 'hierarchy_header':
      return (
        <section>
          {node.header ? createElement(headingTag(node.level), null, node.header) : null}
          {blocks(node.children, handler)}
        </section>
      );
    default:
      return null;
  }
}

function Inline({ node }: { node: KbInline }) {
  let content: ReactNode = node.value;
  if (node.marks?.includes('italic')) content = <em>{content}</em>;
  if (node.marks?.includes('bold')) content = <strong>{content}</strong>;
  if (node.type !== 'hierarchy_link') return <>{content}</>;
  const href = safeUrl(node.url, LINK_PROTOCOLS);
  if (!href) return <>{content}</>;
  return (
    <a href={href} rel="noopener noreferrer" target={node.target === 'new_tab' ? '_blank' : '_self'}>
      {content}
    </a>
  );
}
