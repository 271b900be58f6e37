import { slotMessages } from '@console/contracts';
import { slots } from '../src/db/schema/index';
import { describeNamedTextList } from './named-text-list-suite';

describeNamedTextList({
  kind: 'slot',
  a: 'a slot',
  table: slots,
  fields: { name: 'name', list: 'terms', item: 'Term', nameMax: 64 },
  messages: { required: slotMessages.termRequired, unique: slotMessages.termsUnique, nameTaken: slotMessages.nameTaken },
  samples: {
    first: { name: 'colour', text: 'red', alsoText: 'dark blue', newText: 'green', takenText: 'pink' },
    second: { name: 'size', text: 'large' },
    listed: { names: ['shoe size', 'Brand', 'colour'], sorted: ['Brand', 'colour', 'shoe size'], like: 'O', found: ['colour', 'shoe size'] },
  },
});
