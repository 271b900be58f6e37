/**
 * What names the encoder's vectors, apart from the encoder itself: a thread that only stores or reads
 * vectors imports this and never loads TensorFlow.js (tens of megabytes).
 */

export const DIMENSIONS = 512;
/** Names the model and its weights: a stored vector is reused only by the same encoder. */
export const ENCODER_MODEL = 'use-lite-512/1';
