import { parentPort, workerData } from 'node:worker_threads';
import { compile } from '@console/engine';
import type { Snapshot } from '@console/contracts';

parentPort!.postMessage(compile(workerData as Snapshot));
