import { parentPort, workerData } from 'node:worker_threads';
import { compile, type TextVectors } from '@console/engine';
import type { Snapshot } from '@console/contracts';

const { snapshot, vectors } = workerData as { snapshot: Snapshot; vectors?: TextVectors };
parentPort!.postMessage(compile(snapshot, vectors));
