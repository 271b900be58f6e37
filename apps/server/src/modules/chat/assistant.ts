import type { Db } from '../../db/client';
import { DeploymentDirectory } from '../deployment/directory';
import { SnapshotCompiler } from '../snapshot/compiler';
import { TextEmbedder } from '../snapshot/embedder';
import { IndexCache } from '../snapshot/index-cache';
import { AnsweringPool } from './answering';
import { ConversationStore } from './conversations';
import { EventWriter, type EventBatching } from './event-writer';

/** The assistant's long-lived parts, one set per app (context.ts), closed with it. */
export interface Assistant {
  /** Compiled indexes by snapshot id; embedding and compiling run in worker threads. */
  indexes: IndexCache;
  /** The embedding workers of the questions of test runs and replays, at the lowest priority: they take only what live questions leave. */
  offlineEmbedder: TextEmbedder;
  /** The engine: in answering workers where the machine has cores to spare, else on the request thread. */
  answering: AnsweringPool;
  deployments: DeploymentDirectory;
  conversations: ConversationStore;
  events: EventWriter;
  /** Chat queries one client address may send to one deployment per minute. */
  maxQueriesPerMinute: number;
  /** Lets the questions in hand be answered, stops the workers, then writes the events still waiting. */
  close: () => Promise<void>;
}

interface AssistantOptions {
  maxQueriesPerMinute: number;
  eventBatching?: EventBatching;
  /** Answering workers; none: the request thread answers (./answering.ts). */
  answeringThreads: number;
}

export function createAssistant(db: Db, options: AssistantOptions): Assistant {
  const offlineEmbedder = new TextEmbedder({ background: true });
  const indexes = new IndexCache(db, new SnapshotCompiler(), new TextEmbedder());
  const events = new EventWriter(db, options.eventBatching);
  const answering = new AnsweringPool(options.answeringThreads);
  return {
    indexes,
    offlineEmbedder,
    answering,
    deployments: new DeploymentDirectory(db),
    conversations: new ConversationStore(db),
    events,
    maxQueriesPerMinute: options.maxQueriesPerMinute,
    close: async () => {
      await Promise.all([answering.close(), indexes.close(), offlineEmbedder.close()]);
      await events.close();
    },
  };
}
