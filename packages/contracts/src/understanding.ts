/**
 * How a project's assistant understands questions, set by `pipeline_config.understanding`:
 * 'semantic' (the default, for new and existing projects) ranks and classifies with word features and
 * a sentence encoder's vectors; 'lexical' uses words alone, for projects that need the last microsecond.
 */
export const UNDERSTANDING_MODES = ['semantic', 'lexical'] as const;
export type Understanding = (typeof UNDERSTANDING_MODES)[number];
const DEFAULT_UNDERSTANDING: Understanding = 'semantic';

export const understandingLabels: Record<Understanding, string> = {
  semantic: 'Semantic: meaning and words',
  lexical: 'Lexical: words only',
};

/** The mode a project's pipeline_config selects; anything but 'lexical' is the default. */
export function understandingOf(pipelineConfig: Record<string, unknown>): Understanding {
  return pipelineConfig.understanding === 'lexical' ? 'lexical' : DEFAULT_UNDERSTANDING;
}
