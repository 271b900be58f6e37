import { intentMessages } from '@console/contracts';
import { intents } from '../src/db/schema/index';
import { describeNamedTextList } from './named-text-list-suite';

describeNamedTextList({
  kind: 'intent',
  a: 'an intent',
  table: intents,
  fields: { name: 'intent', list: 'utterances', listLabel: 'Utterances', item: 'Utterance', nameMax: 255 },
  messages: { required: intentMessages.utteranceRequired, unique: intentMessages.utterancesUnique, nameTaken: intentMessages.nameTaken },
  samples: {
    first: { name: 'greeting', text: 'hello', alsoText: 'hi there', newText: 'good morning', takenText: 'hey' },
    second: { name: 'farewell', text: 'bye' },
    listed: { names: ['order status', 'Cancel order', 'greeting'], sorted: ['Cancel order', 'greeting', 'order status'], like: 'ORDER', found: ['Cancel order', 'order status'] },
  },
});
