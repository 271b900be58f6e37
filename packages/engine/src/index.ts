export { compile, textsToEmbed, type EngineIndex, type Label } from './compile';
export { answer, completeCallout, completeGeneration, REMEMBERED_TURNS, type CalloutFailure } from './answer';
export { questionTexts } from './rephrase';
export { FLOW_QUICK_REPLIES } from './flow-turn';
export type { CalloutOutcome } from './callout-reply';
export type { TextVectors } from './semantic';
export { GENERATION_KEY_PREFIX, readGenerationConfig } from './generation';
export type { AnswerInput, AnswerResult, CalloutBody, ConversationState, FlowCallout, FlowState, GenerationRequest, Reply, Turn } from './types';
export { contentStems, isStopWord, words } from './text';
