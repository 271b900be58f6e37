export { compile, textsToEmbed, type EngineIndex, type Label } from './compile';
export { answer, completeGeneration, questionTexts, REMEMBERED_TURNS } from './answer';
export type { TextVectors } from './semantic';
export { GENERATION_KEY_PREFIX, readGenerationConfig } from './generation';
export type { AnswerInput, AnswerResult, ConversationState, GenerationRequest, Reply, Turn } from './types';
