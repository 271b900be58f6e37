export { compile, textsToEmbed, type EngineIndex, type Label } from './compile';
export { answer, completeCallout, completeGeneration, questionTexts, REMEMBERED_TURNS, type CalloutFailure } from './answer';
export { FLOW_QUICK_REPLIES, type CalloutBody, type CalloutOutcome, type FlowCallout } from './flow';
export type { TextVectors } from './semantic';
export { GENERATION_KEY_PREFIX, readGenerationConfig } from './generation';
export type { AnswerInput, AnswerResult, ConversationState, FlowState, GenerationRequest, Reply, Turn } from './types';
