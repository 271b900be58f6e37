import { KB_HEADER_TYPE, type KbBlock, type KbDocument, type KbHeader } from '@console/contracts';
import { KEY_PATH_SEPARATOR, hasContent, limitResponse, pulledSubject, withUniqueKeys, type PulledItem } from './items';

/** The subject of a section whose heading was left empty. */
const UNTITLED_SECTION = 'Untitled section';

/**
 * A rich_editor source's KB tree as content items: each header section is one item, its subject
 * the header and its response the section's own blocks (its sub-headers are items of their own).
 * Blocks before the first header belong to no section and make no item.
 */
export function richEditorItems(kb: KbDocument): PulledItem[] {
  const items: PulledItem[] = [];
  const visit = (blocks: KbBlock[], path: string[]) => {
    for (const block of blocks) {
      if (block.type !== KB_HEADER_TYPE) continue;
      const header = block as KbHeader;
      const subject = pulledSubject(header.header) || UNTITLED_SECTION;
      const own = header.children.filter((child) => child.type !== KB_HEADER_TYPE);
      const sectionPath = [...path, subject];
      if (hasContent(own)) {
        items.push({ key: sectionPath.join(KEY_PATH_SEPARATOR), subject, response: limitResponse({ children: own }), utterances: [] });
      }
      visit(header.children, sectionPath);
    }
  };
  visit(kb.children, []);
  return withUniqueKeys(items);
}
